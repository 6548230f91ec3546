import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Every use case has one shape (docs/architecture.md "The hexagon"): a file `verb-noun.use-case.ts` exporting the class `VerbNoun`,
// whose only public method is `execute`, taking at most one argument (its input object). Helpers are `#private`
// (not on the prototype), so this reads the public surface.
const folder = fileURLToPath(new URL("../../application/use-cases/", import.meta.url));
const files = readdirSync(folder).filter((name) => name.endsWith(".use-case.ts"));
const classNameOf = (file: string): string =>
  file
    .replace(/\.use-case\.ts$/, "")
    .split("-")
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join("");

describe("the use cases of application/use-cases", () => {
  it.each(files)("%s exports one use case class named after the file, with execute(input) as its one method", async (file) => {
    const module = (await import(`../../application/use-cases/${file}`)) as Record<string, unknown>;
    const useCase = module[classNameOf(file)];
    expect(typeof useCase, `${file} exports ${classNameOf(file)}`).toBe("function");
    const prototype = (useCase as { prototype: object }).prototype;
    expect(Object.getOwnPropertyNames(prototype).sort()).toEqual(["constructor", "execute"]);
    expect((prototype as { execute: (...args: unknown[]) => unknown }).execute.length).toBeLessThanOrEqual(1);
    const otherClasses = Object.entries(module).filter(([name, value]) => name !== classNameOf(file) && typeof value === "function" && /^class\b/.test(Function.prototype.toString.call(value)) && !isTaggedError(value));
    expect(otherClasses.map(([name]) => name)).toEqual([]);
  });
});

/** A tagged error class (Data.TaggedError) a use case may declare beside itself. */
const isTaggedError = (value: unknown): boolean => typeof value === "function" && (value as { prototype: unknown }).prototype instanceof Error;
