import a11y from "../messages/a11y.nl.json";
import common from "../messages/nl.json";
import shell from "../messages/shell.nl.json";

/**
 * The built-in Dutch messages every page shows (spec §1); the feature areas' messages load with their routes
 * (ui/i18n/message-areas.tsx).
 */
export default { ...common, ...shell, ...a11y };
