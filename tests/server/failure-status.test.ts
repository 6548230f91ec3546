import { describe, expect, it } from "vitest";
import { lostRace } from "../../server/cart/cart-guard.ts";
import { cartExpired, checkoutRefused, paymentProviderFailed } from "../../server/cart/cart.errors.ts";
import { invalidRequest, unprocessableRequest } from "../../server/failure.ts";
import { failureAnswer, isServerFailure } from "../../server/http/failure-status.ts";
import { rateLimited } from "../../server/http/http.errors.ts";
import { upgradeOrderNotFound } from "../../server/orders/orders.errors.ts";
import { queueTokenInvalid } from "../../server/queue/queue.errors.ts";

describe("the failure table maps each tagged failure to its status and envelope (spec §8, docs/shop-api.md Envelopes)", () => {
  it("answers a failure with the table's status and {error:{code,message}}", () => {
    expect(failureAnswer(cartExpired())).toEqual({ status: 409, body: { error: { code: "cart.expired", message: "This cart has expired." } } });
    expect(failureAnswer(upgradeOrderNotFound()).status).toBe(404);
    expect(failureAnswer(queueTokenInvalid("used"))).toMatchObject({ status: 403, body: { error: { code: "queue.token.invalid" } } });
    expect(failureAnswer(paymentProviderFailed()).status).toBe(502);
    expect(failureAnswer(rateLimited("1 minute"))).toMatchObject({ status: 429, body: { error: { code: "rate.limited", message: "Too many requests; try again in 1 minute." } } });
  });

  it("tells a malformed request (400) from an unprocessable one (422), both request.invalid", () => {
    expect(failureAnswer(invalidRequest("Invalid body: x"))).toEqual({ status: 400, body: { error: { code: "request.invalid", message: "Invalid body: x" } } });
    expect(failureAnswer(unprocessableRequest("Invalid order: y"))).toEqual({ status: 422, body: { error: { code: "request.invalid", message: "Invalid order: y" } } });
  });

  it("adds a failure's extra fields to the error object (checkoutErrors of a refused order)", () => {
    const refusals = [{ code: "3001", message: "Fill in your details." }];
    expect(failureAnswer(checkoutRefused(refusals))).toEqual({
      status: 409,
      body: { error: { code: "checkout.not.allowed", message: "Fill in your details.", checkoutErrors: refusals } },
    });
  });

  it("takes a failure for what it is and anything else for a defect", () => {
    expect(isServerFailure(cartExpired())).toBe(true);
    expect(isServerFailure(new Error("boom"))).toBe(false);
    expect(isServerFailure(lostRace())).toBe(false);
    expect(isServerFailure({ _tag: "CartExpired", code: "cart.expired", message: "not an Error" })).toBe(false);
  });

  it("keeps each failure an Error with its _tag, code and message (thrown by services, matched by tag)", () => {
    const failure = cartExpired();
    expect(failure).toBeInstanceOf(Error);
    expect(failure).toMatchObject({ _tag: "CartExpired", code: "cart.expired", message: "This cart has expired." });
  });
});
