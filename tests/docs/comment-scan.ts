import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** One comment of a source file: its text as written, its 1-based first line, and whether it is a doc block (`/** … *\/`). */
export interface SourceComment {
  readonly file: string;
  readonly line: number;
  readonly text: string;
  readonly doc: boolean;
}

/** The project's source files below `folder` (TypeScript and JavaScript), repository-relative. */
export const sourceFilesBelow = (folder: string): string[] =>
  statSync(folder).isFile()
    ? [folder]
    : readdirSync(folder).flatMap((name) => {
        const file = path.posix.join(folder, name);
        if (statSync(file).isDirectory()) return name === "node_modules" || name === "public" ? [] : sourceFilesBelow(file);
        return /\.(ts|tsx|mts|mjs|cjs)$/.test(name) ? [file] : [];
      });

/** Every comment of `file`, found by TypeScript's parser (a "//" inside a string or a URL is not a comment). */
export const commentsOf = (file: string): SourceComment[] => {
  const source = readFileSync(file, "utf8");
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : /\.(mjs|cjs|js)$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const seen = new Map<number, SourceComment>();
  const collect = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      const text = source.slice(range.pos, range.end);
      seen.set(range.pos, { file, line: tree.getLineAndCharacterOfPosition(range.pos).line + 1, text, doc: text.startsWith("/**") && !text.startsWith("/**/") });
    }
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(source, node.getFullStart()));
    collect(ts.getTrailingCommentRanges(source, node.getEnd()));
    node.forEachChild(visit);
  };
  visit(tree);
  // JSX comments ({/* … */}) sit in a JsxExpression without an expression; the end of file holds trailing ones.
  collect(ts.getLeadingCommentRanges(source, tree.endOfFileToken.getFullStart()));
  return [...seen.values()].sort((a, b) => a.line - b.line);
};
