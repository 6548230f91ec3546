import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { CATALOGUE_MEANINGS, type CatalogueCode, CHECKOUT_FAILURE_FALLBACK, checkoutFailureText, errorMessageKeys, ITEM_ADD_FAILURE_TEXT, itemAddFailureText, MAX_ORDERS_PER_ACCOUNT_ERROR, paymentFailureText, TRAVEL_OCCUPANTS_ERROR, voucherFailureText } from "../../domain/error-catalogue.ts";
import { CATALOGUE, type CatalogueEntry, errorKindOf, isFollowedBy, serverCodeMeaning } from "../../domain/error-catalogue-table.ts";
import { QUEUE_REFUSAL_CODES } from "../../domain/payment-queue.ts";
import { CatalogueError, checkoutErrorModal } from "../../domain/error-catalogue.errors.ts";

const CODES = Object.keys(CATALOGUE_MEANINGS).map(Number) as CatalogueCode[];

describe("catalogue table", () => {
  test("holds every spec §8 code", () => {
    expect(CODES.sort((a, b) => a - b)).toEqual([
      1000, 2000, 2001, 2002, 3000, 3001, 3002, 3003, 3005, 4000, 4001, 4002, 4003, 4004, 4005, 4006, 5000, 5001, 5002,
      5003, 5004, 6000, 6001, 6002, 6003, 6004, 6005, 6006, 6007, 6010, 6011, 7000, 8000, 8001, 8002, 8003,
    ]);
  });

  test("makes 6000-6999 decisions with a confirm and the rest messages", () => {
    for (const code of CODES) {
      expect(errorKindOf(code)).toBe(code >= 6000 && code <= 6999 ? "decision" : "message");
      expect(errorMessageKeys(code)).toEqual({ title: `error.${code}.title`, body: `error.${code}.body` });
    }
  });

  test("has one row of meaning for every code of the catalogue, and no other", () => {
    expect(Object.keys(CATALOGUE).map(Number).sort((a, b) => a - b)).toEqual([...CODES].sort((a, b) => a - b));
  });

  test("refuses, at compile time, a table that misses a code", () => {
    const { 8003: _dropped, ...withoutOne } = CATALOGUE;
    // @ts-expect-error a table without 8003 is not a Record of every CatalogueCode
    const incomplete: Record<CatalogueCode, CatalogueEntry> = withoutOne;
    expect(Object.keys(incomplete)).toHaveLength(CODES.length - 1);
  });

  test("sends the upgrade codes back to the e-mail link, and only them", () => {
    expect(CODES.filter((code) => isFollowedBy(code, "emailLink"))).toEqual([4002, 4003, 4004, 4005, 4006]);
    expect(CODES.filter((code) => isFollowedBy(code, "login"))).toEqual([6004]);
    expect(CODES.filter((code) => isFollowedBy(code, "chooseEvent"))).toEqual([6005]);
  });
});

describe("a Shop API code's meaning", () => {
  test.prop([fc.constantFrom(...CODES)])("reads a catalogue number as its code with its row's follow-up", (code) => {
    expect(serverCodeMeaning(String(code))).toEqual({ code, then: CATALOGUE[code].then });
  });

  test("sends a refused payment queue token back to the queue, and closes any other dotted code", () => {
    for (const code of QUEUE_REFUSAL_CODES) expect(serverCodeMeaning(code)).toEqual({ code: null, then: "queue" });
    expect(serverCodeMeaning("cart.expired")).toEqual({ code: null, then: "close" });
  });

  test.prop([fc.string()])("gives no catalogue code to a text that is no catalogue number", (text) => {
    fc.pre(!CODES.map(String).includes(text));
    expect(serverCodeMeaning(text).code).toBeNull();
  });

  test.prop([fc.integer({ min: 0, max: 20000 })])("gives a number outside the catalogue no catalogue code", (number) => {
    fc.pre(!(CODES as number[]).includes(number));
    expect(serverCodeMeaning(String(number)).code).toBeNull();
  });
});

describe("checkout error mapping", () => {
  test("lists all messages in 8000 for the travel occupants error", () => {
    const modal = checkoutErrorModal([
      { code: "other", message: "A" },
      { code: TRAVEL_OCCUPANTS_ERROR, message: "B" },
    ]);
    expect(modal).toBeInstanceOf(CatalogueError);
    expect(modal).toMatchObject({ _tag: "CatalogueError", code: 8000, messages: ["A", "B"] });
  });

  test("fires 8001 with its message for max orders per account", () => {
    expect(checkoutErrorModal([{ code: MAX_ORDERS_PER_ACCOUNT_ERROR, message: "Max reached" }])).toMatchObject({ code: 8001, messages: ["Max reached"] });
    expect(checkoutErrorModal([{ code: "x", message: "y" }])).toBeNull();
  });

  test.prop([fc.array(fc.record({ code: fc.constantFrom("a", TRAVEL_OCCUPANTS_ERROR, MAX_ORDERS_PER_ACCOUNT_ERROR), message: fc.string() }), { maxLength: 5 })])(
    "raises a modal exactly when one of the two codes is present",
    (errors) => {
      const modal = checkoutErrorModal(errors);
      const travel = errors.some((e) => e.code === TRAVEL_OCCUPANTS_ERROR);
      const max = errors.some((e) => e.code === MAX_ORDERS_PER_ACCOUNT_ERROR);
      expect(modal === null).toBe(!travel && !max);
      if (travel) expect(modal!.messages).toEqual(errors.map((e) => e.message));
      else if (max) expect(modal!.code).toBe(8001);
    },
  );
});

describe("failure texts", () => {
  test("adds the cartId to the checkout failure, with the fallback text without a message", () => {
    expect(checkoutFailureText("Card refused", "c-1")).toBe("Card refused cartId: c-1");
    expect(checkoutFailureText(undefined, "c-1")).toBe(`${CHECKOUT_FAILURE_FALLBACK} cartId: c-1`);
  });

  test.prop([fc.option(fc.string()), fc.string({ minLength: 1 })])("always ends the checkout failure with the cartId", (msg, cartId) => {
    expect(checkoutFailureText(msg, cartId).endsWith(`cartId: ${cartId}`)).toBe(true);
  });

  test("replaces the no-room-stock server text with the not-available text", () => {
    expect(itemAddFailureText({ kind: "server", message: "There is no stock for one of the rooms you want to book" })).toBe(ITEM_ADD_FAILURE_TEXT.notAvailable);
    expect(itemAddFailureText({ kind: "server", message: "Other" })).toBe("Other");
    expect(itemAddFailureText({ kind: "soldOut" })).toBe("This product is sold out.");
    expect(itemAddFailureText({ kind: "packageSoldOut" })).toBe("This package combination is sold out.");
  });

  test.prop([fc.string()])("never shows the no-room-stock server text", (s) => {
    const text = itemAddFailureText({ kind: "server", message: `${s}There is no stock for one of the rooms you want to book` });
    expect(text).toBe(ITEM_ADD_FAILURE_TEXT.notAvailable);
  });

  test("maps voucher and payment failures", () => {
    expect(voucherFailureText("voucher.invalid")).toBe("This voucher code is invalid");
    expect(voucherFailureText("voucher.used")).toBe("This voucher code has already been used");
    expect(voucherFailureText("voucher.expired", "Expired")).toBe("Expired");
    expect(voucherFailureText(null)).toBe("This voucher code is invalid");
    expect(paymentFailureText(undefined)).toBe("Something went wrong: undefined error. Please contact us for your order request.");
    expect(paymentFailureText("declined")).toBe("Something went wrong: declined. Please contact us for your order request.");
  });
});

describe("item add failure without a server message", () => {
  test("shows the not-available text when the server sent no message", () => {
    expect(itemAddFailureText({ kind: "server" })).toBe(ITEM_ADD_FAILURE_TEXT.notAvailable);
    expect(itemAddFailureText({ kind: "server", message: null })).toBe(ITEM_ADD_FAILURE_TEXT.notAvailable);
    expect(itemAddFailureText({ kind: "server", message: "  " })).toBe(ITEM_ADD_FAILURE_TEXT.notAvailable);
  });
});

describe("error kinds at the edges of the decision range", () => {
  test("6000 and 6011 are decisions, 5004 and 7000 messages", () => {
    expect(errorKindOf(5004)).toBe("message");
    expect(errorKindOf(6000)).toBe("decision");
    expect(errorKindOf(6011)).toBe("decision");
    expect(errorKindOf(7000)).toBe("message");
  });
});

describe("checkout failure text of a padded or blank message", () => {
  test("trims the server's message and falls back on a blank one", () => {
    expect(checkoutFailureText("  Card refused ", "c-1")).toBe("Card refused cartId: c-1");
    expect(checkoutFailureText("   ", "c-1")).toBe(`${CHECKOUT_FAILURE_FALLBACK} cartId: c-1`);
    expect(checkoutFailureText("", "c-1")).toBe(`${CHECKOUT_FAILURE_FALLBACK} cartId: c-1`);
    expect(checkoutFailureText(null, "c-1")).toBe(`${CHECKOUT_FAILURE_FALLBACK} cartId: c-1`);
  });
});

describe("voucher and payment failure texts with a server message", () => {
  test("keep the fixed voucher texts over the server's message, and need a code to show a message", () => {
    expect(voucherFailureText("voucher.invalid", "Server text")).toBe("This voucher code is invalid");
    expect(voucherFailureText("voucher.used", "Server text")).toBe("This voucher code has already been used");
    expect(voucherFailureText("voucher.expired", "Server text")).toBe("Server text");
    expect(voucherFailureText(null, "Server text")).toBe("This voucher code is invalid");
    expect(voucherFailureText("voucher.expired", "")).toBe("This voucher code is invalid");
  });

  test("say undefined error for a blank payment message", () => {
    expect(paymentFailureText("   ")).toBe("Something went wrong: undefined error. Please contact us for your order request.");
    expect(paymentFailureText("")).toBe("Something went wrong: undefined error. Please contact us for your order request.");
    expect(paymentFailureText("Card declined")).toBe("Something went wrong: Card declined. Please contact us for your order request.");
  });
});
