// The files whose comments are not yet within the rules of comments.test.ts. The lists only shrink: take a file off
// when its comments pass. server/queue/ and server/http/waiting-room-routes.ts are another change's to shorten.

/** Files with a doc block over the limit. */
export const LONG_DOCS_NOT_YET: readonly string[] = [
  "server/http/waiting-room-routes.ts",
  "server/queue/join-limit.ts",
  "server/queue/postgres-waiting-line.ts",
  "server/queue/queue-settings.ts",
  "server/queue/queue-tokens.ts",
  "server/queue/waiting-line.ts",
  "server/queue/waiting-room-page.ts",
];

/** Files with a comment line that carries a measured figure. */
export const FIGURES_NOT_YET: readonly string[] = [];
