import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { isTravelPurchase } from "../../domain/order-lookup.ts";
import type { ProductType } from "../../domain/product.schema.ts";
import {
  backTarget,
  buildShopFlow,
  CHECKOUT_STEP,
  DEFAULT_STEP_ORDER,
  isDetailRoute,
  isLastStep,
  isNextDisabled,
  isStepCompleted,
  nextButtonKey,
  nextStep,
  parseShopPath,
  previousStep,
  progressSteps,
  showBottomNav,
  STEP_PRODUCT_TYPES,
  stepPath,
  type ShopStep,
} from "../../domain/shop-flow.ts";

const allTypes: ProductType[] = [
  "ticket", "extras", "membership", "merchandise", "transportation", "bus_travel", "travel", "hotel", "traveladdon",
  "upgrade", "insurance", "comparetransport", "addons", "reference",
];

const flowInputArb = fc.record({
  steps: fc.option(fc.subarray([...DEFAULT_STEP_ORDER]), { nil: undefined }),
  skipTravel: fc.boolean(),
  skipBus: fc.boolean(),
  previousPurchases: fc.array(fc.constantFrom({ title: "Travel: Hotel X" }, { title: "Weekend ticket" }), { maxLength: 3 }),
  hasPolicy: fc.boolean(),
  productTypes: fc.subarray(allTypes),
});

describe("buildShopFlow", () => {
  test("drops traveladdon without previous travel and travel with it", () => {
    expect(buildShopFlow({})).toEqual(["upgrade", "membership", "tickets", "packages", "travel", "transportation", "comparetransport", "merchandise", "extras"]);
    expect(buildShopFlow({ previousPurchases: [{ title: "Travel: Hotel Amsterdam" }] })).toContain("traveladdon");
    expect(buildShopFlow({ previousPurchases: [{ title: "Travel: Hotel Amsterdam" }] })).not.toContain("travel");
  });

  test("drops travel on skipTravel and transportation on skipBus", () => {
    const flow = buildShopFlow({ skipTravel: true, skipBus: true });
    expect(flow).not.toContain("travel");
    expect(flow).not.toContain("transportation");
  });

  test("drops steps without products of their type when the cart has a policy", () => {
    expect(buildShopFlow({ hasPolicy: true, productTypes: ["ticket", "bus_travel"] })).toEqual(["tickets", "transportation"]);
  });

  test.prop([flowInputArb])("keeps a subsequence of the configured steps and never both travel and traveladdon", (input) => {
    const flow = buildShopFlow(input);
    const configured = input.steps ?? DEFAULT_STEP_ORDER;
    let i = 0;
    for (const s of flow) {
      i = configured.indexOf(s, i);
      expect(i).toBeGreaterThanOrEqual(0);
    }
    expect(flow.includes("travel") && flow.includes("traveladdon")).toBe(false);
    if (input.skipBus) expect(flow).not.toContain("transportation");
    if (input.skipTravel) expect(flow.some((s) => s === "travel" || s === "traveladdon")).toBe(false);
  });

  test.prop([flowInputArb])("never loses the final Checkout step", (input) => {
    const steps = progressSteps(buildShopFlow(input));
    expect(steps.at(-1)).toBe(CHECKOUT_STEP);
    expect(steps.filter((s) => s === CHECKOUT_STEP)).toHaveLength(1);
  });
});

describe("previous and next", () => {
  const flow: ShopStep[] = ["tickets", "travel", "merchandise"];

  test("moves through the flow and ends at checkout", () => {
    expect(nextStep(flow, "tickets")).toBe("travel");
    expect(nextStep(flow, "merchandise")).toBe(CHECKOUT_STEP);
    expect(previousStep(flow, "tickets")).toBeNull();
    expect(previousStep(flow, CHECKOUT_STEP)).toBe("merchandise");
    expect(nextButtonKey(flow, "merchandise", { order: "taken" })).toBe("nav.go_to_checkout");
    expect(nextButtonKey(flow, "merchandise", { order: "none" })).toBe("nav.go_to_checkout");
    expect(nextButtonKey(flow, "merchandise", { order: "wishlist" })).toBe("nav.go_to_wishlist");
    expect(nextButtonKey(flow, "tickets", { order: "wishlist" })).toBe("nav.next");
  });

  test.prop([flowInputArb])("reaches checkout from every step by following next, and next then previous returns", (input) => {
    const f = buildShopFlow(input);
    for (const step of f) {
      let cur: string = step;
      for (let n = 0; n <= f.length && cur !== CHECKOUT_STEP; n++) cur = nextStep(f, cur as ShopStep);
      expect(cur).toBe(CHECKOUT_STEP);
      expect(previousStep(f, nextStep(f, step))).toBe(step);
    }
  });

  test.prop([flowInputArb])("marks exactly the steps before the current one as completed", (input) => {
    const all = progressSteps(buildShopFlow(input));
    all.forEach((current, c) => all.forEach((s, i) => expect(isStepCompleted(buildShopFlow(input), s, current)).toBe(i < c)));
  });

  test("disables Next on upgrade until a choice is made and while an update is pending", () => {
    expect(isNextDisabled("upgrade", false, false)).toBe(true);
    expect(isNextDisabled("upgrade", true, false)).toBe(false);
    expect(isNextDisabled("tickets", true, true)).toBe(true);
  });

  test("shows the bottom bar only with stepflow Yes on the steps of the flow and on checkout", () => {
    const flow = ["tickets", "travel", "transportation", "extras"] as const;
    expect(showBottomNav("Yes", parseShopPath("/dgtl/tickets"), flow)).toBe(true);
    expect(showBottomNav("Yes", parseShopPath("/dgtl/tickets/ll_ticket_weekend"), flow)).toBe(true);
    expect(showBottomNav("No", parseShopPath("/dgtl/tickets"), flow)).toBe(false);
    expect(showBottomNav("Yes", parseShopPath("/dgtl"), flow)).toBe(false);
    expect(showBottomNav("Yes", parseShopPath("/"), flow)).toBe(false);
    expect(showBottomNav("Yes", parseShopPath("/dgtl/paymentstatus"), flow)).toBe(false);
    expect(showBottomNav("Yes", parseShopPath("/dgtl/checkout"), flow)).toBe(true);
    expect(showBottomNav("Yes", parseShopPath("/dgtl/transport/eu"), flow)).toBe(true);
  });

  test("shows no bottom bar on /register nor on a step the flow dropped (traveladdon beside travel)", () => {
    const flow = ["tickets", "travel", "extras"] as const;
    expect(showBottomNav("Yes", parseShopPath("/dgtl/register"), flow)).toBe(false);
    expect(showBottomNav("Yes", parseShopPath("/dgtl/traveladdon"), flow)).toBe(false);
    expect(showBottomNav("Yes", parseShopPath("/dgtl/traveladdon/hotel"), flow)).toBe(false);
    expect(showBottomNav("Yes", parseShopPath("/dgtl/traveladdon"), ["tickets", "traveladdon"])).toBe(true);
  });

  test.prop([fc.string({ minLength: 1 }).filter((s) => !s.includes("/") && !s.includes("?") && !s.includes("#"))])(
    "shows no bottom bar on a path under /{slug} that is no route (the 404 page)",
    (step) => {
      fc.pre(![...DEFAULT_STEP_ORDER, "transport", "register", "checkout", "paymentstatus"].includes(step));
      expect(showBottomNav("Yes", parseShopPath(`/dgtl/${step}`), DEFAULT_STEP_ORDER)).toBe(false);
    },
  );
});

describe("detail routes", () => {
  const flow: ShopStep[] = ["tickets", "travel", "transportation", "extras"];

  test("go back to their parent list", () => {
    expect(backTarget(flow, "/dgtl/tickets/abc")).toBe("/dgtl/tickets");
    expect(backTarget(flow, "/dgtl/travel/hotel-x?x=1")).toBe("/dgtl/travel");
    expect(backTarget(flow, "/dgtl/comparetransport/detail")).toBe("/dgtl/comparetransport");
    expect(isDetailRoute(parseShopPath("/dgtl/transportation/eu"))).toBe(false);
    expect(backTarget(flow, "/dgtl/transportation/nl")).toBe("/dgtl/travel");
    expect(backTarget(flow, "/dgtl/tickets")).toBe("/dgtl");
    expect(backTarget(flow, "/dgtl/checkout")).toBe("/dgtl/extras");
    expect(backTarget(flow, "/dgtl/register")).toBe("/dgtl");
  });

  test.prop([fc.constantFrom("tickets", "travel", "traveladdon", "extras"), fc.stringMatching(/^[a-z0-9-]{1,12}$/), fc.stringMatching(/^[a-z]{1,8}$/)])(
    "send any detail of a list back to that list",
    (step, detail, slug) => {
      expect(backTarget(flow, `/${slug}/${step}/${detail}`)).toBe(`/${slug}/${step}`);
    },
  );
});

describe("flow laws", () => {
  test.prop([flowInputArb])("always ends with Checkout and never contains a dropped step", (input) => {
    const flow = buildShopFlow(input);
    const steps = progressSteps(flow);
    expect(steps.at(-1)).toBe(CHECKOUT_STEP);
    const hadTravel = input.previousPurchases.some((p) => p.title.includes("Travel:"));
    const types = new Set(input.productTypes);
    const dropped = (s: ShopStep): boolean =>
      (input.skipTravel && (s === "travel" || s === "traveladdon")) ||
      (input.skipBus && s === "transportation") ||
      (s === "travel" && hadTravel) ||
      (s === "traveladdon" && !hadTravel) ||
      (input.hasPolicy && !STEP_PRODUCT_TYPES[s].some((t) => types.has(t)));
    for (const s of flow) expect(dropped(s)).toBe(false);
    // and every configured step that is not dropped stays, once
    expect(flow).toEqual([...new Set(input.steps ?? DEFAULT_STEP_ORDER)].filter((s) => !dropped(s)));
  });

  test("removes duplicate configured steps", () => {
    expect(buildShopFlow({ steps: ["tickets", "extras", "tickets"] })).toEqual(["tickets", "extras"]);
  });

  test("keeps travel steps for a policy cart when travel or hotel products are on sale", () => {
    expect(buildShopFlow({ hasPolicy: true, productTypes: ["hotel", "extras", "addons"] })).toEqual(["packages", "travel", "extras"]);
    expect(buildShopFlow({ hasPolicy: false, steps: ["extras"], productTypes: [] })).toEqual(["extras"]);
  });

  test("recognises travel purchases by the 'Travel:' title", () => {
    expect(isTravelPurchase({ title: "Travel: Bus Amsterdam" })).toBe(true);
    expect(isTravelPurchase({ title: "travel: bus" })).toBe(false);
  });

  test("goes to the first step from a step outside the flow and stays at checkout", () => {
    expect(nextStep(["tickets", "extras"], "upgrade")).toBe("tickets");
    expect(nextStep([], "upgrade")).toBe(CHECKOUT_STEP);
    expect(nextStep(["tickets"], CHECKOUT_STEP)).toBe(CHECKOUT_STEP);
    expect(previousStep([], CHECKOUT_STEP)).toBeNull();
    expect(previousStep(["tickets", "extras"], "upgrade")).toBeNull();
    expect(isLastStep([], CHECKOUT_STEP)).toBe(false);
    expect(isStepCompleted(["tickets"], "upgrade", CHECKOUT_STEP)).toBe(false);
    expect(isStepCompleted(["tickets"], "tickets", "upgrade")).toBe(false);
  });

  test("parses shop paths ignoring query and hash", () => {
    expect(parseShopPath("/")).toEqual({ slug: null, step: null, detail: null });
    expect(parseShopPath("/dgtl")).toEqual({ slug: "dgtl", step: null, detail: null });
    expect(parseShopPath("/dgtl/travel/hotel/room-2?x=1#top")).toEqual({ slug: "dgtl", step: "travel", detail: "hotel/room-2" });
    expect(parseShopPath("//dgtl//tickets#x")).toEqual({ slug: "dgtl", step: "tickets", detail: null });
    expect(backTarget(["tickets"], "/")).toBe("/");
    expect(backTarget(["tickets"], "/dgtl")).toBe("/dgtl");
    expect(backTarget(["tickets", "extras"], "/dgtl/extras")).toBe("/dgtl/tickets");
    expect(isDetailRoute(parseShopPath("/dgtl/comparetransport/nl"))).toBe(false);
    expect(isDetailRoute(parseShopPath("/dgtl/extras/eu"))).toBe(true);
  });

  test("builds step paths", () => {
    expect(stepPath("dgtl", "tickets")).toBe("/dgtl/tickets");
    expect(stepPath("dgtl", CHECKOUT_STEP)).toBe("/dgtl/checkout");
  });
});

describe("next button and detail routes at their edges", () => {
  test("leaves Next enabled off the upgrade step, even without an upgrade choice", () => {
    expect(isNextDisabled("tickets", false, false)).toBe(false);
    expect(isNextDisabled(CHECKOUT_STEP, false, false)).toBe(false);
  });

  test("is no detail route without a step", () => {
    expect(isDetailRoute({ slug: "dgtl", step: null, detail: "x" })).toBe(false);
    expect(isDetailRoute({ slug: "dgtl", step: "tickets", detail: null })).toBe(false);
    expect(isDetailRoute({ slug: "dgtl", step: "transportation", detail: "nl" })).toBe(false);
    expect(isDetailRoute({ slug: "dgtl", step: "tickets", detail: "nl" })).toBe(true);
  });
});
