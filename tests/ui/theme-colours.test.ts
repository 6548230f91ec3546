import { readFileSync } from "node:fs";
import { formatHex, wcagContrast } from "culori";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEMO_CATALOGUE } from "../../server/catalogue/demo-catalogue.ts";
import {
  CARD_BACKGROUND,
  FALLBACK_BRAND,
  NEAR_BLACK,
  PAGE_BACKGROUND,
  TEXT_CONTRAST,
  themeColours,
  themeCssVariables,
  UI_CONTRAST,
  WHITE,
} from "../../ui/theme/theme-colours.ts";

/** Every pair the theme promises, with the ratio WCAG asks of it. */
const pairs = (primaryColor: string) => {
  const c = themeColours({ primaryColor });
  return [
    { what: "on-brand text on the brand surface", ratio: wcagContrast(c.onBrand, c.brand), min: TEXT_CONTRAST },
    { what: "brand text on the page", ratio: wcagContrast(c.brandText, PAGE_BACKGROUND), min: TEXT_CONTRAST },
    { what: "brand text on a card", ratio: wcagContrast(c.brandText, CARD_BACKGROUND), min: TEXT_CONTRAST },
    { what: "focus ring on the page", ratio: wcagContrast(c.focusRing, PAGE_BACKGROUND), min: UI_CONTRAST },
    { what: "focus ring on a card", ratio: wcagContrast(c.focusRing, CARD_BACKGROUND), min: UI_CONTRAST },
  ];
};

const hexColour = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map(([r, g, b]) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, "0")).join("")}`);

describe("theme colours (WCAG 1.4.3 / 1.4.11)", () => {
  it("the page colours it checks against are the ones ui/styles.css paints", () => {
    const css = readFileSync(new URL("../../ui/styles.css", import.meta.url), "utf8");
    expect(css).toMatch(new RegExp(`--bg:\\s*${PAGE_BACKGROUND};`, "i"));
    expect(css).toMatch(new RegExp(`--card:\\s*${CARD_BACKGROUND};`, "i"));
    expect(css).toMatch(new RegExp(`--ink:\\s*${NEAR_BLACK};`, "i"));
  });

  it("white on the Lowlands orange fails (3.68:1), so the text on it becomes near-black", () => {
    expect(wcagContrast(WHITE, "#e4572e")).toBeLessThan(TEXT_CONTRAST);
    const c = themeColours({ primaryColor: "#e4572e" });
    expect(c.brand).toBe("#e4572e");
    expect(c.onBrand).toBe(NEAR_BLACK);
  });

  it.each(DEMO_CATALOGUE.map((d) => [d.config.slug, d.config.shopTheme.primaryColor]))("demo shop %s (%s): every pair meets its ratio and the brand surface stays the brand's", (_slug, primary) => {
    expect(themeColours({ primaryColor: primary }).brand).toBe(formatHex(primary));
    for (const p of pairs(primary)) expect(p.ratio, p.what).toBeGreaterThanOrEqual(p.min);
  });

  it("a dark brand gets white text; a mid grey where neither white nor near-black reaches 4.5:1 gets a darker shade", () => {
    expect(themeColours({ primaryColor: "#1b1035" }).onBrand).toBe(WHITE);
    const grey = "#777777";
    expect(wcagContrast(WHITE, grey)).toBeLessThan(TEXT_CONTRAST);
    expect(wcagContrast(NEAR_BLACK, grey)).toBeLessThan(TEXT_CONTRAST);
    const onGrey = themeColours({ primaryColor: grey }).onBrand;
    expect([WHITE, NEAR_BLACK]).not.toContain(onGrey);
    expect(wcagContrast(onGrey, grey)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it("brand text keeps the brand when it already reads on the page and darkens it only when it must", () => {
    expect(themeColours({ primaryColor: "#1b1035" }).brandText).toBe("#1b1035");
    const light = themeColours({ primaryColor: "#ffd400" }).brandText;
    expect(light).not.toBe("#ffd400");
    expect(wcagContrast(light, PAGE_BACKGROUND)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it("a primaryColor that is not a colour falls back to the default brand", () => {
    expect(themeColours({ primaryColor: "not-a-colour" }).brand).toBe(FALLBACK_BRAND);
  });

  it("css variables carry the four colours", () => {
    expect(Object.keys(themeCssVariables({ primaryColor: "#e4572e" }))).toEqual(["--brand", "--on-brand", "--brand-text", "--focus-ring"]);
  });

  it("property: for any opaque brand colour every returned pair meets its ratio and the surface is the brand", () => {
    fc.assert(
      fc.property(hexColour, (hex) => {
        expect(themeColours({ primaryColor: hex }).brand).toBe(hex);
        for (const p of pairs(hex)) expect(p.ratio, `${hex}: ${p.what}`).toBeGreaterThanOrEqual(p.min);
      }),
      { numRuns: 500 },
    );
  });

  it("property: any CSS colour syntax (rgb(), hsl(), named) resolves to pairs that meet their ratios", () => {
    const cssColour = fc.oneof(
      fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 })).map(([r, g, b]) => `rgb(${r} ${g} ${b})`),
      fc.tuple(fc.integer({ min: 0, max: 359 }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 })).map(([h, s, l]) => `hsl(${h} ${s}% ${l}%)`),
      fc.constantFrom("rebeccapurple", "gold", "teal", "tomato", "hotpink", "lime"),
    );
    fc.assert(
      fc.property(cssColour, (colour) => {
        for (const p of pairs(colour)) expect(p.ratio, `${colour}: ${p.what}`).toBeGreaterThanOrEqual(p.min);
      }),
      { numRuns: 300 },
    );
  });
});
