/**
 * The arrows of docs/architecture.md "The hexagon", enforced on every `npm test`:
 * ui -> application -> domain; adapters -> application, domain; server -> domain; domain -> effect only.
 */
/** The vertical modules of server/ (docs/architecture.md "The server"). */
const SERVER_MODULES = "cart|orders|travel|vouchers|identity|payments|queue|transport|mail";

/** The files of a server module that other modules may import; the rest of each module is internal. */
const MODULE_PUBLIC_FILES =
  "^server/(" +
  [
    "cart/(cart\\.errors|cart-guard|cart-token|cart-store|cart-service|cart-view)",
    "orders/(orders\\.errors|account-gates|account-limits|upgradable-orders|order-records)",
    "travel/(travel\\.errors|hotel-holds)",
    "vouchers/(vouchers\\.errors|voucher-holds)",
    "identity/(identity\\.errors|account-membership|user-token)",
    "queue/(queue\\.errors|queue-tokens)",
    "payments/(payment-provider\\.port|test-payment-page)",
    "mail/(mail-outbox|order-mail)",
  ].join("|") +
  ")\\.ts$";

/** The ui/ folders every feature may use: the frame, generic parts, the shared item controls, the shop's state, texts and theme. Every other ui/ folder is a feature. */
const UI_SHARED = "shell|common|items|shop|i18n|theme";

module.exports = {
  forbidden: [
    {
      name: "domain-is-pure",
      comment: "domain/ holds pure rules on effect alone: no other package, no other layer (docs/architecture.md, The hexagon).",
      severity: "error",
      from: { path: "^domain/" },
      to: { pathNot: ["^domain/", "^node_modules/effect/"] },
    },
    {
      name: "application-knows-no-adapters-ui-server",
      comment: "application/ (use cases and ports) depends on domain/, effect and tsyringe only.",
      severity: "error",
      from: { path: "^application/" },
      to: { pathNot: ["^application/", "^domain/", "^node_modules/(effect|tsyringe)/"] },
    },
    {
      name: "adapters-not-ui-or-server",
      comment: "adapters/ implement ports; they never reach into ui/ or server/.",
      severity: "error",
      from: { path: "^adapters/" },
      to: { path: ["^ui/", "^server/"] },
    },
    {
      name: "ui-only-through-use-cases",
      comment: "ui/ reaches the core through application/; only ui/main.tsx and ui/entry-server.tsx may import the composition root.",
      severity: "error",
      from: { path: "^ui/", pathNot: "^ui/(main|entry-server)\\.tsx$" },
      to: { path: ["^adapters/", "^server/"] },
    },
    {
      name: "ui-main-only-composition-root",
      comment: "ui/main.tsx and ui/entry-server.tsx may import the composition root (composition-root.ts; browser-composition.ts and device-composition.ts, its part without effect that the web app's first load carries) and nothing else of adapters/.",
      severity: "error",
      from: { path: "^ui/(main|entry-server)\\.tsx$" },
      to: { path: "^adapters/", pathNot: "^adapters/(composition-root|browser-composition|device-composition)\\.ts$" },
    },
    {
      name: "ui-features-not-each-other",
      comment:
        "A ui/ feature folder (tickets, travel, checkout, …) imports no other feature; what two features share lives in ui/items/, ui/shell/, ui/common/ or the shop's state (UI_SHARED). Only the root files (ui/app.tsx, ui/entry-server.tsx, …) compose features.",
      severity: "error",
      from: { path: "^ui/([^/]+)/", pathNot: `^ui/(${UI_SHARED})/` },
      to: { path: "^ui/[^/]+/", pathNot: ["^ui/$1/", `^ui/(${UI_SHARED})/`] },
    },
    {
      name: "server-imports-domain-only",
      comment: "server/ (reference Shop API) reuses domain/ and never the web app's layers.",
      severity: "error",
      from: { path: "^server/" },
      to: { path: ["^application/", "^adapters/", "^ui/"] },
    },
    {
      name: "server-modules-through-public-files",
      comment:
        "The vertical modules of server/ (cart, orders, travel, vouchers, identity, payments, queue) reach each other only through the files each offers the others (MODULE_PUBLIC_FILES: its failures, its guard, its stores' row types and holds); every other file is the module's own (docs/architecture.md, The server).",
      severity: "error",
      from: { path: `^server/(${SERVER_MODULES})/` },
      to: { path: `^server/(${SERVER_MODULES})/`, pathNot: ["^server/$1/", MODULE_PUBLIC_FILES] },
    },
    {
      name: "no-circular",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
    exclude: { path: ["\\.json$", "\\.css$", "\\.svg$"] },
  },
};
