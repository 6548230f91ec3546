import type { SourceComment } from "./comment-scan.ts";

/** The most characters a doc block may hold: its words without the delimiters and line stars, spaces collapsed. */
export const DOC_BLOCK_LIMIT = 300;

/** The words of a doc block (`/** … *\/`) as a reader sees them: no delimiters, no leading stars, one space between words. */
export const docTextOf = (comment: string): string =>
  comment
    .replace(/^\/\*\*/, "")
    .replace(/\*\/$/, "")
    .split("\n")
    .map((line) => line.replace(/^\s*\*(?!\/)\s?/, ""))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();

const NUMBER = String.raw`[~≈+\-−]?\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:\s?[-–]\s?\d+(?:\.\d+)?)?`;
const UNIT = String.raw`ns|[µμ]s|ms|s|secs?|seconds?|mins?|minutes?|hours?|bytes?|[kK]i?B|[MG]i?B|[A-Za-z]+/s|per second|%`;
const FIGURE = new RegExp(String.raw`(?<![\w.,§#/])(${NUMBER})\s?(${UNIT})(?![\w/])`, "g");

/** Why a comment line's figure reads as a measurement, or null when it reads as a setting (the rule: comments.test.ts). */
export const measuredFigureIn = (line: string): string | null => {
  const citesSpec = /spec §/.test(line);
  for (const match of line.matchAll(FIGURE)) {
    const [raw, number = "", unit = ""] = match;
    const figure = raw.trim();
    if (/^(ns|[µμ]s)$/.test(unit)) return `${figure}: a time under a millisecond`;
    if (/^([kK]i?B|[MG]i?B)$/.test(unit)) return `${figure}: a size of code or data`;
    if (/\/s$|^per second$/.test(unit)) return `${figure}: a rate`;
    if (citesSpec) continue;
    if (/^[~≈+\-−]/.test(number)) return `${figure}: an approximate or signed figure`;
    if (/\d[-–]\s?\d/.test(number)) return `${figure}: a measured range`;
    if (/\.\d/.test(number) || /,\d{3}/.test(number)) return `${figure}: a decimal or grouped figure`;
    if (unit === "ms") return `${figure}: milliseconds without a spec citation`;
  }
  return null;
};

/** The lines of `comment` that carry a measured figure, as "file:line: figure: reason". */
export const measuredFiguresOf = (comment: SourceComment): string[] =>
  comment.text.split("\n").flatMap((line, index) => {
    const reason = measuredFigureIn(line);
    return reason ? [`${comment.file}:${comment.line + index}: ${reason}`] : [];
  });
