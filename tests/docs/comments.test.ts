import { describe, expect, it } from "vitest";
import { DOC_BLOCK_LIMIT, docTextOf, measuredFiguresOf } from "./comment-rules.ts";
import { commentsOf, sourceFilesBelow } from "./comment-scan.ts";
import { FIGURES_NOT_YET, LONG_DOCS_NOT_YET } from "./comments-not-yet.ts";

// The comment rules of the project, over every source and test file (this file and comment-rules.ts state them, with
// examples that would break them, so they are not scanned):
//
// 1. A doc block (`/** … */`) holds at most DOC_BLOCK_LIMIT characters of text (delimiters and line stars removed,
//    spaces collapsed): what the export is and why, its units, errors and spec section. History belongs in git.
// 2. No comment line carries a measured figure: a number with a unit of time, size or rate that a run measured, which
//    goes out of date with the next change (docs/performance.md keeps the few that matter). A figure is measured when
//    - its unit is one no setting of ours uses: a time under a millisecond (µs, ns), a size of code or data (kB, KiB,
//      MB, …), a rate ("holds/s", "per second"); or
//    - it is written as a reading: approximate or signed ("~14 s", "+1.6 KiB"), a range ("60-140 ms"), a decimal or a
//      grouped number ("3.4 s", "1,465 holds/s"); or it is in milliseconds ("12 ms").
//    A setting is not a measurement: whole seconds, minutes and hours ("900 s" carts, "every 30 s", "30 minutes") are
//    the timeouts and windows the spec or a setting defines, and a line that cites the spec ("spec §9 … 1000 ms",
//    "6.5 %") quotes the spec's own figures: such lines are held to the first kind only. Counts from benchmarks carry
//    no unit to find and are left to review.
//
// Files still to be shortened are listed in comments-not-yet.ts; the lists only shrink (a listed file that passes
// fails the last test until it is taken off).

/** The files of the project whose comments are held to the rules: every source, script, test and build config. */
const SOURCES = [
  "domain",
  "application",
  "adapters",
  "ui",
  "server",
  "scripts",
  "tests",
  "vite.config.ts",
  "vitest.domain.config.ts",
  "drizzle.config.ts",
  "stryker.config.mjs",
  ".dependency-cruiser.cjs",
];
/** This test's own files: they state the rules with examples that break them. */
const RULE_FILES = ["tests/docs/comments.test.ts", "tests/docs/comment-rules.ts"];
const comments = SOURCES.flatMap(sourceFilesBelow)
  .filter((file) => !RULE_FILES.includes(file))
  .flatMap(commentsOf);

const longDocs = comments
  .filter((comment) => comment.doc && docTextOf(comment.text).length > DOC_BLOCK_LIMIT)
  .map((comment) => `${comment.file}:${comment.line}: ${docTextOf(comment.text).length} characters`);
const figures = comments.flatMap(measuredFiguresOf);
const fileOf = (failure: string) => failure.slice(0, failure.indexOf(":"));

describe("comments", () => {
  it(`keeps every doc block within ${DOC_BLOCK_LIMIT} characters`, () => {
    expect(comments.length).toBeGreaterThan(1000);
    expect(longDocs.filter((failure) => !LONG_DOCS_NOT_YET.includes(fileOf(failure)))).toEqual([]);
  });

  it("carries no measured timing, size or rate", () => {
    expect(figures.filter((failure) => !FIGURES_NOT_YET.includes(fileOf(failure)))).toEqual([]);
  });

  it("lists as not yet shortened only files that still need it", () => {
    const longFiles = new Set(longDocs.map(fileOf));
    const figureFiles = new Set(figures.map(fileOf));
    expect(LONG_DOCS_NOT_YET.filter((file) => !longFiles.has(file))).toEqual([]);
    expect(FIGURES_NOT_YET.filter((file) => !figureFiles.has(file))).toEqual([]);
  });
});
