import a11y from "../messages/a11y.es.json";
import checkout from "../messages/checkout.es.json";
import common from "../messages/es.json";
import items from "../messages/items.es.json";
import shell from "../messages/shell.es.json";
import travel from "../messages/travel.es.json";

/** The built-in Spanish messages (spec §1): the common table plus one per feature area (shell, items, travel, checkout, a11y); a build compiles each message to its ICU AST (vite.config.ts). */
export default { ...common, ...shell, ...items, ...travel, ...checkout, ...a11y };
