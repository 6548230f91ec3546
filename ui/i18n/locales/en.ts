import a11y from "../messages/a11y.en.json";
import checkout from "../messages/checkout.en.json";
import common from "../messages/en.json";
import items from "../messages/items.en.json";
import shell from "../messages/shell.en.json";
import travel from "../messages/travel.en.json";

/** The built-in English messages (spec §1): the common table plus one per feature area (shell, items, travel, checkout, a11y); a build compiles each message to its ICU AST (vite.config.ts). */
export default { ...common, ...shell, ...items, ...travel, ...checkout, ...a11y };
