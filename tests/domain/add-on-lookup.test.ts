import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { lookupKind, orderNumberWithEmailBody, parseOrderNumber } from "../../domain/order-lookup.schema.ts";
import { ADD_ON_MODAL_MAX_DELAY_MS, ADD_ON_MODAL_MIN_DELAY_MS, addOnModalDelayMs } from "../../domain/order-lookup.ts";

const key = fc.option(fc.string({ minLength: 1 }), { nil: undefined });

describe("the add-on shop's order lookup (spec §5 Order number lookup, §7 POST /get-orders)", () => {
  it("sends the order number's key with the trimmed e-mail", () => {
    expect(orderNumberWithEmailBody(parseOrderNumber("#123456789")!, " sam@example.com ")).toEqual({ reference: "123456789", consumer_email: "sam@example.com" });
    const uuid = "5f0c6a2e-8b1d-4e3a-9c7f-2d4b6a8e1f03";
    expect(orderNumberWithEmailBody(parseOrderNumber(uuid)!, "sam@example.com")).toEqual({ consumer_external_reference: uuid, consumer_email: "sam@example.com" });
  });

  test.prop([fc.record({ consumer_email: key, reference: key, consumer_external_reference: key })])(
    "is a one-key lookup with exactly one key, an order-with-email lookup with the e-mail and one order key, and nothing else",
    (keys) => {
      const present = Object.values(keys).filter((v) => v !== undefined).length;
      const expected = present === 1 ? "one-key" : present === 2 && keys.consumer_email !== undefined ? "order-with-email" : null;
      expect(lookupKind(keys)).toBe(expected);
    },
  );

  test.prop([fc.stringMatching(/^\d{9}$/), fc.emailAddress()])("always answers an order-with-email body for a parsed number", (digits, email) => {
    expect(lookupKind(orderNumberWithEmailBody(parseOrderNumber(digits)!, email))).toBe("order-with-email");
  });
});

describe("the add-on modal's wait (spec §4 Modals and loading: random 2 to 20 s)", () => {
  it("waits 2 s at 0 and 20 s just under 1", () => {
    expect(addOnModalDelayMs(0)).toBe(2000);
    expect(addOnModalDelayMs(1 - Number.EPSILON)).toBe(20_000);
    expect(addOnModalDelayMs(Number.NaN)).toBe(2000);
  });

  test.prop([fc.double()])("is a whole number of ms within 2 to 20 s for any number", (random) => {
    const ms = addOnModalDelayMs(random);
    expect(Number.isInteger(ms)).toBe(true);
    expect(ms).toBeGreaterThanOrEqual(ADD_ON_MODAL_MIN_DELAY_MS);
    expect(ms).toBeLessThanOrEqual(ADD_ON_MODAL_MAX_DELAY_MS);
  });

  test.prop([fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })])("never waits less for a larger random number", (a, b) => {
    const [low, high] = a <= b ? [a, b] : [b, a];
    expect(addOnModalDelayMs(low)).toBeLessThanOrEqual(addOnModalDelayMs(high));
  });
});
