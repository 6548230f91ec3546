import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { HERO_IMAGE_SIZES, HERO_IMAGE_WIDTH, heroImageQuery, HERO_IMAGE_WIDTHS, heroBackgroundFor, heroImageSources, withHeroImageQuery } from "../../domain/hero.ts";

const BACKGROUNDS = { orderCompleted: "/done.jpg", tickets: "/tickets.jpg", main: "/main.jpg" };

describe("heroBackgroundFor (spec §2 Header)", () => {
  test("takes the order completed image on checkout and payment status, the route's own image, else the festival hero, then main", () => {
    expect(heroBackgroundFor("checkout", BACKGROUNDS, "/festival.jpg")).toBe("/done.jpg");
    expect(heroBackgroundFor("paymentstatus", BACKGROUNDS, "/festival.jpg")).toBe("/done.jpg");
    expect(heroBackgroundFor("tickets", BACKGROUNDS, "/festival.jpg")).toBe("/tickets.jpg");
    expect(heroBackgroundFor("travel", BACKGROUNDS, "/festival.jpg")).toBe("/festival.jpg");
    expect(heroBackgroundFor(null, BACKGROUNDS, undefined)).toBe("/main.jpg");
    expect(heroBackgroundFor(null, undefined, undefined)).toBeNull();
  });
});

describe("heroImageSources (spec §2 Header image query; sized for the screen)", () => {
  test("names the spec's query (jpg, progressive, width 1920, quality 80) as src and keeps an existing query", () => {
    expect(heroImageQuery(HERO_IMAGE_WIDTH)).toBe("fm=jpg&fl=progressive&w=1920&q=80");
    expect(heroImageSources("/assets/hero.jpg").src).toBe("/assets/hero.jpg?fm=jpg&fl=progressive&w=1920&q=80");
    expect(withHeroImageQuery("https://img.example/h.jpg?v=2", 480)).toBe("https://img.example/h.jpg?v=2&fm=jpg&fl=progressive&w=480&q=80");
  });

  test("offers candidates for a 390 px phone at 1x to 3x and a 1280 px screen at 1x and 2x, the largest 1920, full viewport width", () => {
    const { srcSet, sizes } = heroImageSources("/assets/hero.jpg");
    expect(sizes).toBe(HERO_IMAGE_SIZES);
    expect(sizes).toBe("100vw");
    const widths = srcSet.split(", ").map((candidate) => Number(/ (\d+)w$/.exec(candidate)?.[1]));
    expect(widths).toEqual([...HERO_IMAGE_WIDTHS]);
    const fits = (needed: number) => widths.some((w) => w >= needed && w < needed * 1.7);
    for (const needed of [390, 780, 1170, 1280]) expect(fits(needed), `${needed} px`).toBe(true);
    expect(Math.max(...widths)).toBe(1920);
    expect(srcSet).toContain("/assets/hero.jpg?fm=jpg&fl=progressive&w=480&q=80 480w");
  });

  test.prop([fc.webUrl({ withQueryParameters: true, withFragments: false })])("every candidate is one address and a width: whitespace and commas of the address escaped", (url) => {
    const candidates = heroImageSources(url).srcSet.split(", ");
    expect(candidates).toHaveLength(HERO_IMAGE_WIDTHS.length);
    candidates.forEach((candidate, i) => {
      const [address, descriptor, ...rest] = candidate.split(" ");
      expect(rest).toEqual([]);
      expect(descriptor).toBe(`${HERO_IMAGE_WIDTHS[i]}w`);
      expect(address).not.toMatch(/[\s,]/);
      expect(address).toContain(`w=${HERO_IMAGE_WIDTHS[i]}&q=80`);
    });
  });
});

describe("heroBackgroundFor without backgrounds or own images", () => {
  test("falls back to the festival hero on every route when the shop has no backgrounds", () => {
    for (const step of ["checkout", "paymentstatus", "tickets", "membership", "extras", "unknown", null]) {
      expect(heroBackgroundFor(step, undefined, "/festival.jpg")).toBe("/festival.jpg");
    }
  });

  test("uses each route's own image and the main one when the festival hero is empty", () => {
    const all = { membership: "/m.jpg", travel: "/t.jpg", transportation: "/tr.jpg", merchandise: "/me.jpg", extras: "/e.jpg", main: "/main.jpg" };
    for (const [step, image] of Object.entries(all)) if (step !== "main") expect(heroBackgroundFor(step, all, "/festival.jpg")).toBe(image);
    expect(heroBackgroundFor("checkout", all, "")).toBe("/main.jpg");
    expect(heroBackgroundFor("main", { main: "/main.jpg", orderCompleted: "/done.jpg" }, "/festival.jpg")).toBe("/festival.jpg");
  });
});
