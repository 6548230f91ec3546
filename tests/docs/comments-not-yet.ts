// The files whose comments are not yet within the rules of comments.test.ts. The lists only shrink: take a file off
// when its comments pass.

/** Files with a doc block over the limit. */
export const LONG_DOCS_NOT_YET: readonly string[] = [];

/** Files with a comment line that carries a measured figure. */
export const FIGURES_NOT_YET: readonly string[] = [];
