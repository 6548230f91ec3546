import a11y from "../messages/a11y.nl.json";
import checkout from "../messages/checkout.nl.json";
import common from "../messages/nl.json";
import items from "../messages/items.nl.json";
import shell from "../messages/shell.nl.json";
import travel from "../messages/travel.nl.json";

/** The built-in Dutch messages (spec §1): the common table plus one per feature area (shell, items, travel, checkout, a11y); a build compiles each message to its ICU AST (vite.config.ts). */
export default { ...common, ...shell, ...items, ...travel, ...checkout, ...a11y };
