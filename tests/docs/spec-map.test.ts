import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SOURCE_FOLDERS = ["domain", "application", "adapters", "ui", "server", "scripts"];
const SPEC_MAP = readFileSync("docs/spec-map.md", "utf8");

const sourceFiles = (folder: string): string[] =>
  readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return name === "node_modules" || name === "public" ? [] : sourceFiles(file);
    return /\.(ts|tsx|mjs|cjs)$/.test(name) ? [file] : [];
  });

/** The section rows of docs/spec-map.md: the first cell of each table row, e.g. "§4" or "§4 Countdown". */
const rows = SPEC_MAP.split("\n")
  .filter((line) => line.startsWith("| §"))
  .map((line) => {
    const [section = "", , where = ""] = line.slice(1).split(" | ");
    return { section: section.trim(), where };
  });

describe("docs/spec-map.md", () => {
  it("has a row for every spec section the code cites", () => {
    const cited = new Map<string, string>();
    for (const file of SOURCE_FOLDERS.flatMap(sourceFiles)) {
      for (const match of readFileSync(file, "utf8").matchAll(/spec §(\d+)/g)) cited.set(`§${match[1]}`, file);
    }
    const mapped = new Set(rows.map((row) => row.section.split(" ")[0]));
    const missing = [...cited].filter(([section]) => !mapped.has(section)).map(([section, file]) => `${section} (cited in ${file})`);
    expect(cited.size).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });

  it("names only files and folders that exist in the repository", () => {
    const named = rows.flatMap((row) => [...row.where.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? ""));
    const absent = named.filter((name) => !name.includes("*") && !existsSync(name));
    expect(named.length).toBeGreaterThan(0);
    expect(absent).toEqual([]);
  });
});
