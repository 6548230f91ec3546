import { readdirSync, readFileSync } from "node:fs";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LOCALES } from "../../domain/locale.ts";
import { MESSAGES, messagesFor } from "../../ui/i18n/messages.ts";

/** The folders of message tables the build compiles (vite.config.ts precompiledMessages): the app's and the upgrade screen's. */
const DIRS = [new URL("../../ui/i18n/messages/", import.meta.url), new URL("../../ui/upgrade/messages/", import.meta.url)];

/** Every message file on disk, grouped by area ("common" for `{locale}.json`, else the `<area>` of `<area>.{locale}.json`). */
const filesByArea = (): Map<string, Map<string, Record<string, string>>> => {
  const areas = new Map<string, Map<string, Record<string, string>>>();
  for (const [DIR, file] of DIRS.flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith(".json")).map((f) => [dir, f] as const))) {
    const parts = file.replace(/\.json$/, "").split(".");
    const [area, locale] = parts.length === 1 ? ["common", parts[0]!] : [parts[0]!, parts[1]!];
    const table = JSON.parse(readFileSync(new URL(file, DIR), "utf8")) as Record<string, string>;
    if (!areas.has(area)) areas.set(area, new Map());
    areas.get(area)!.set(locale, table);
  }
  return areas;
};

/** The argument names an ICU message uses ({total}, {count, plural, …}, <b>…</b> tags), sorted. */
const argumentsOf = (message: string): string[] => {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) names.add(el.value);
      if (el.type === TYPE.select || el.type === TYPE.plural) {
        names.add(el.value);
        for (const option of Object.values(el.options)) walk(option.value);
      }
      if (el.type === TYPE.tag) {
        names.add(`<${el.value}>`);
        walk(el.children);
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
};

describe("message tables (spec §1: en, nl, es)", () => {
  const areas = filesByArea();

  it("every area has exactly one file per supported locale", () => {
    expect(areas.size).toBeGreaterThan(0);
    for (const [area, locales] of areas) expect([...locales.keys()].sort(), area).toEqual([...SUPPORTED_LOCALES].sort());
  });

  it.each([...areas.keys()])("area %s: en, nl and es have the same keys and no empty message", (area) => {
    const locales = areas.get(area)!;
    const en = Object.keys(locales.get("en") ?? {}).sort();
    for (const locale of SUPPORTED_LOCALES) {
      const table = locales.get(locale) ?? {};
      const keys = Object.keys(table).sort();
      expect({ area, locale, missing: en.filter((k) => !keys.includes(k)), extra: keys.filter((k) => !en.includes(k)) }).toEqual({ area, locale, missing: [], extra: [] });
      const empty = Object.entries(table).filter(([, v]) => typeof v !== "string" || v.trim() === "").map(([k]) => k);
      expect({ area, locale, empty }).toEqual({ area, locale, empty: [] });
    }
  });

  it("no key is defined in two areas (one would silently override the other)", () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const [area, locales] of areas) {
      for (const key of Object.keys(locales.get("en") ?? {})) {
        if (owner.has(key)) clashes.push(`${key}: ${owner.get(key)} and ${area}`);
        owner.set(key, area);
      }
    }
    expect(clashes).toEqual([]);
  });

  it("every message parses as ICU and uses the same arguments in every language", () => {
    const problems: string[] = [];
    for (const key of Object.keys(MESSAGES.en)) {
      const expected = argumentsOf(MESSAGES.en[key]!);
      for (const locale of SUPPORTED_LOCALES) {
        const message = MESSAGES[locale][key];
        if (message === undefined) problems.push(`${locale} ${key}: missing`);
        else {
          try {
            const args = argumentsOf(message);
            if (args.join() !== expected.join()) problems.push(`${locale} ${key}: {${args.join(", ")}} vs en {${expected.join(", ")}}`);
          } catch (e) {
            problems.push(`${locale} ${key}: ${(e as Error).message}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("every message of every area file, also those a route loads itself (register), parses as ICU with the same arguments in every language", () => {
    const problems: string[] = [];
    for (const [area, locales] of areas) {
      for (const [key, message] of Object.entries(locales.get("en") ?? {})) {
        const expected = argumentsOf(message).join();
        for (const locale of SUPPORTED_LOCALES) {
          const translated = locales.get(locale)?.[key];
          if (translated === undefined) continue; // reported by the same-keys check
          try {
            if (argumentsOf(translated).join() !== expected) problems.push(`${area} ${locale} ${key}`);
          } catch (e) {
            problems.push(`${area} ${locale} ${key}: ${(e as Error).message}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("a translation differs from English somewhere (the tables are not copies)", () => {
    for (const locale of SUPPORTED_LOCALES.filter((l) => l !== "en")) {
      const same = Object.keys(MESSAGES.en).filter((k) => MESSAGES[locale][k] === MESSAGES.en[k]);
      expect(same.length, locale).toBeLessThan(Object.keys(MESSAGES.en).length / 2);
    }
  });

  it("a shop's custom translations override the built-in message of their locale only", () => {
    const custom = { nl: { "overview.buyTickets": "Koop je Lichtjes-tickets" } };
    expect(messagesFor("nl", custom)["overview.buyTickets"]).toBe("Koop je Lichtjes-tickets");
    expect(messagesFor("en", custom)["overview.buyTickets"]).toBe(MESSAGES.en["overview.buyTickets"]);
    expect(messagesFor("es", custom)["overview.buyTickets"]).toBe(MESSAGES.es["overview.buyTickets"]);
  });
});
