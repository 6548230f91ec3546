import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { NetworkError, NoCartError, ShopApiError, ShopNotFoundError, UnexpectedAnswerError } from "../../application/errors.ts";
import { OrderLookupFailedError, OrderNotFoundError } from "../../application/ports/order-lookup-api.port.ts";
import { SingleSignOnError } from "../../application/ports/single-sign-on.port.ts";
import { VoucherRejectedError } from "../../application/ports/voucher-api.port.ts";
import { CheckoutFailedError } from "../../application/use-cases/place-order.use-case.ts";
import { InvalidHotelPersons } from "../../application/use-cases/search-travel-packages.use-case.ts";
import { CATALOGUE_MEANINGS, type CatalogueCode } from "../../domain/error-catalogue.ts";
import { CATALOGUE } from "../../domain/error-catalogue-table.ts";
import { CatalogueError } from "../../domain/error-catalogue.errors.ts";
import { SUPPORTED_LOCALES } from "../../domain/locale.ts";
import { emailLinkCodeOf, failureMeaning, noticeOf, type TaggedFailure } from "../../ui/shell/failure-meaning.ts";
import { MESSAGES } from "../../ui/i18n/messages.ts";

const CODES = Object.keys(CATALOGUE_MEANINGS).map(Number) as CatalogueCode[];
const refused = (code: string, message = "refused by the server") => new ShopApiError({ status: 409, code, message });

/** One failure of every tag (the union TaggedFailure): the record's type refuses a missing tag. */
const ONE_OF_EACH: { readonly [T in TaggedFailure["_tag"]]: Extract<TaggedFailure, { readonly _tag: T }> } = {
  ShopApiError: refused("cart.expired"),
  NetworkError: new NetworkError({ message: "offline" }),
  UnexpectedAnswerError: new UnexpectedAnswerError({ message: "bad body" }),
  NoCartError: new NoCartError({ slug: "demo" }),
  ShopNotFoundError: new ShopNotFoundError({ slug: "demo" }),
  CatalogueError: new CatalogueError({ code: 8001, messages: ["Max reached"] }),
  CheckoutFailedError: new CheckoutFailedError({ text: "Card refused cartId: c-1", cartId: "c-1" }),
  VoucherRejectedError: new VoucherRejectedError({ code: "voucher.used", message: "used" }),
  SingleSignOnError: new SingleSignOnError({ reason: "network", message: "offline" }),
  OrderNotFoundError: new OrderNotFoundError({ message: "none" }),
  OrderLookupFailedError: new OrderLookupFailedError({ message: "failed" }),
  InvalidHotelPersons: new InvalidHotelPersons({ persons: 60, min: 1, max: 50 }),
};

describe("failureMeaning: every failure means one catalogue code (spec §8)", () => {
  test.prop([fc.constantFrom(...Object.values(ONE_OF_EACH))])("gives every tagged failure a code of the catalogue", (failure) => {
    expect(CODES).toContain(failureMeaning(failure).code);
  });

  test.prop([fc.constantFrom(...CODES), fc.string()])(
    "shows a Shop API refusal with a catalogue code as that code when the app has its text, else its message under 8000",
    (code, message) => {
      const meaning = failureMeaning(refused(String(code), message));
      if (CATALOGUE[code].text === "catalogue") expect(meaning).toEqual({ code, withCartId: true, then: CATALOGUE[code].then });
      else expect(meaning).toEqual({ code: 8000, message, withCartId: true, then: CATALOGUE[code].then });
    },
  );

  test.prop([fc.constantFrom(...CODES)])("has the title and body of every code shown with its own text, in every language", (code) => {
    fc.pre(CATALOGUE[code].text === "catalogue");
    for (const locale of SUPPORTED_LOCALES) {
      expect(MESSAGES[locale][`error.${code}.title`], `${locale} ${code}`).toBeTruthy();
      expect(MESSAGES[locale][`error.${code}.body`], `${locale} ${code}`).toBeTruthy();
    }
  });

  test("shows a network, contract or missing-cart failure as 1000 with the cart id, and anything untagged as 1000 without", () => {
    for (const failure of [ONE_OF_EACH.NetworkError, ONE_OF_EACH.UnexpectedAnswerError, ONE_OF_EACH.NoCartError]) {
      expect(noticeOf(failure, "c-1")).toEqual({ code: 1000, cartId: "c-1" });
    }
    expect(noticeOf(new Error("bug"), "c-1")).toEqual({ code: 1000 });
    expect(noticeOf({ _tag: "toString" }, "c-1")).toEqual({ code: 1000 });
  });

  test("shows a CatalogueError with its code and lines, and a checkout failure's text (which names the cart) under 8000", () => {
    expect(noticeOf(ONE_OF_EACH.CatalogueError, "c-1")).toEqual({ code: 8001, message: "Max reached" });
    expect(noticeOf(ONE_OF_EACH.CheckoutFailedError, "c-1")).toEqual({ code: 8000, message: "Card refused cartId: c-1" });
  });

  test("fills the text's arguments only where the code's own text shows", () => {
    expect(noticeOf(refused("5004"), "c-1", { max: 10 })).toEqual({ code: 5004, cartId: "c-1", values: { max: 10 } });
    expect(noticeOf(refused("cart.expired", "expired"), "c-1", { max: 10 })).toEqual({ code: 8000, message: "expired", cartId: "c-1" });
  });

  test("tells what follows: an empty list for 5002, a sold-out mark for 5000, a fresh cart for 5001, the queue for a refused queue token", () => {
    expect(failureMeaning(new CatalogueError({ code: 5002, messages: ["No travel packages found"] })).then).toBe("noResults");
    expect(failureMeaning(refused("5000")).then).toBe("soldOut");
    expect(failureMeaning(refused("5001")).then).toBe("newCart");
    expect(failureMeaning(refused("queue.token.invalid")).then).toBe("queue");
    expect(failureMeaning(refused("cart.expired")).then).toBe("close");
  });

  test("finds the upgrade refusals shown in place of the shop, and no other failure", () => {
    expect(emailLinkCodeOf(refused("4002"))).toBe(4002);
    expect(emailLinkCodeOf(refused("4003"))).toBe(4003);
    for (const failure of [refused("5001"), refused("4000"), ONE_OF_EACH.NetworkError, null]) expect(emailLinkCodeOf(failure)).toBeNull();
  });
});
