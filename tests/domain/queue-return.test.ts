import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { PAYMENT_QUEUE_TOKEN_PARAM } from "../../domain/payment-queue.ts";
import { type PendingPress, QUEUE_DEPARTURE_PARAM, queueDepartureQuery, queueReturnOf } from "../../domain/queue-return.ts";

const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
const count = fc.integer({ min: 0, max: 50 });
const press: fc.Arbitrary<PendingPress> = fc.record(
  { productId: fc.stringMatching(/^[a-z_]{1,16}$/), quantity: count, ticketLimit: fc.record({ limit: count, cap: count }) },
  { requiredKeys: ["productId", "quantity"] },
);

describe("the way back from the waiting room (spec §2 deep links, §3 queueUrl)", () => {
  test.prop([segment, fc.array(segment, { maxLength: 3 }), fc.option(press, { nil: null }), fc.boolean()])(
    "brings the visitor back to the page and press they left, in their shop only, without the queue token",
    (slug, route, pending, withQuery) => {
      const search = withQuery ? `?view=list&${PAYMENT_QUEUE_TOKEN_PARAM}=old-token` : "";
      const remembered = queueDepartureQuery({ pathname: `/${[slug, ...route].join("/")}/`, search, press: pending });
      expect(remembered).not.toBeNull();
      const back = queueReturnOf(`?${remembered}`, slug);
      expect(back?.path).toBe(`/${[slug, ...route].join("/")}`);
      expect(back?.press).toEqual(pending);
      const kept = new URLSearchParams(back!.keptQuery);
      expect(kept.has(QUEUE_DEPARTURE_PARAM)).toBe(false);
      expect(kept.has(PAYMENT_QUEUE_TOKEN_PARAM)).toBe(false);
      expect(kept.get("view")).toBe(withQuery ? "list" : null);
      expect(queueReturnOf(remembered, `${slug}-other`)).toBeNull();
    },
  );

  it("remembers nothing outside a shop, and finds no departure in a plain deep link", () => {
    expect(queueDepartureQuery({ pathname: "/", search: "", press: null })).toBeNull();
    expect(queueReturnOf(null, "shop")).toBeNull();
    expect(queueReturnOf("slug=shop&route=tickets", "shop")).toBeNull();
  });

  it("drops an earlier route when the visitor leaves from the shop's overview", () => {
    const remembered = queueDepartureQuery({ pathname: "/shop", search: "route=tickets", press: null });
    expect(new URLSearchParams(remembered!).has("route")).toBe(false);
    expect(queueReturnOf(remembered, "shop")?.path).toBe("/shop");
  });

  it.each([
    ["not JSON", "{"],
    ["not an object", "7"],
    ["null", "null"],
    ["no product", JSON.stringify({ quantity: 1 })],
    ["an empty product", JSON.stringify({ productId: "", quantity: 1 })],
    ["a negative quantity", JSON.stringify({ productId: "p", quantity: -1 })],
    ["a fractional quantity", JSON.stringify({ productId: "p", quantity: 1.5 })],
    ["a quantity as text", JSON.stringify({ productId: "p", quantity: "1" })],
    ["a limit that is not an object", JSON.stringify({ productId: "p", quantity: 1, ticketLimit: 3 })],
    ["a limit without its cap", JSON.stringify({ productId: "p", quantity: 1, ticketLimit: { limit: 2 } })],
    ["a negative cap", JSON.stringify({ productId: "p", quantity: 1, ticketLimit: { limit: 2, cap: -1 } })],
  ])("carries out no press from a departure with %s, and still goes back", (_what, json) => {
    const remembered = new URLSearchParams({ slug: "shop", route: "tickets", [QUEUE_DEPARTURE_PARAM]: json }).toString();
    expect(queueReturnOf(remembered, "shop")).toEqual({ path: "/shop/tickets", press: null, keptQuery: "slug=shop&route=tickets" });
  });

  it("keeps a quantity of zero (a removal) and a limit with its cap", () => {
    const pending = { productId: "p", quantity: 0, ticketLimit: { limit: 0, cap: 4 } };
    expect(queueReturnOf(queueDepartureQuery({ pathname: "/shop/tickets", search: "", press: pending }), "shop")?.press).toEqual(pending);
  });
});
