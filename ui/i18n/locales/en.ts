import a11y from "../messages/a11y.en.json";
import common from "../messages/en.json";
import shell from "../messages/shell.en.json";

/**
 * The built-in English messages every page shows (spec §1); the feature areas' messages load with their routes
 * (ui/i18n/message-areas.tsx).
 */
export default { ...common, ...shell, ...a11y };
