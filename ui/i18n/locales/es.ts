import a11y from "../messages/a11y.es.json";
import common from "../messages/es.json";
import shell from "../messages/shell.es.json";

/**
 * The built-in Spanish messages every page shows (spec §1): the common table, the shop frame's and the accessibility
 * texts; a build compiles each message to its ICU AST (vite.config.ts). The feature areas' messages (the item,
 * transport, travel and travel add-on screens', the checkout's, registration's and payment status page's) load with
 * the routes that show them (ui/i18n/message-areas.tsx).
 */
export default { ...common, ...shell, ...a11y };
