import a11y from "../messages/a11y.es.json";
import common from "../messages/es.json";
import shell from "../messages/shell.es.json";

/**
 * The built-in Spanish messages every page shows (spec §1); the feature areas' messages load with their routes
 * (ui/i18n/message-areas.tsx).
 */
export default { ...common, ...shell, ...a11y };
