import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { serverCodeMeaning } from "../../domain/error-catalogue-table.ts";
import { PAYMENT_QUEUE_TOKEN_PARAM, queueTokenOf } from "../../domain/payment-queue.ts";
import { queueDepartureQuery, queueReturnOf } from "../../domain/queue-return.ts";

describe("payment queue (spec §3 queueUrl, §7 paymentQueueToken, §8 join the queue)", () => {
  test("reads the token under paymentQueueToken, with or without the leading question mark", () => {
    expect(PAYMENT_QUEUE_TOKEN_PARAM).toBe("paymentQueueToken");
    expect(queueTokenOf("?paymentQueueToken=abc")).toBe("abc");
    expect(queueTokenOf("paymentQueueToken=abc")).toBe("abc");
    expect(queueTokenOf("a=1&paymentQueueToken=%20abc%20&b=2")).toBe("abc");
  });

  test("gives no token when absent or blank", () => {
    expect(queueTokenOf("")).toBeUndefined();
    expect(queueTokenOf("?")).toBeUndefined();
    expect(queueTokenOf("?other=abc")).toBeUndefined();
    expect(queueTokenOf("?paymentQueueToken=")).toBeUndefined();
    expect(queueTokenOf("?paymentQueueToken=%20%20")).toBeUndefined();
  });

  test("a question mark inside the query is data, and a doubled leading one still finds the token", () => {
    expect(queueTokenOf("?x=?&paymentQueueToken=t?")).toBe("t?");
    expect(queueTokenOf("??paymentQueueToken=abc")).toBe("abc");
  });

  test.prop([fc.stringMatching(/^[A-Za-z0-9._~-]{1,40}$/), fc.boolean()])("finds every token it is given back", (token, withMark) => {
    const query = new URLSearchParams({ a: "1", paymentQueueToken: token }).toString();
    expect(queueTokenOf(withMark ? `?${query}` : query)).toBe(token);
  });

  test("treats the two queue token codes as a refusal, and nothing else", () => {
    expect(serverCodeMeaning("queue.token.required")).toEqual({ code: null, then: "queue" });
    expect(serverCodeMeaning("queue.token.invalid")).toEqual({ code: null, then: "queue" });
    for (const code of ["", "queue.token", "voucher.invalid", "QUEUE.TOKEN.INVALID"]) expect(serverCodeMeaning(code).then).toBe("close");
  });
});

describe("the way back from the waiting room (spec §2 deep-link cookie, §3 queueUrl)", () => {
  const press = { productId: "nn_ticket_friday", quantity: 1, ticketLimit: { limit: 6, cap: 6 } };

  test("a departure from a tickets page returns to that page with its press and the page's own query, without the old token", () => {
    const query = queueDepartureQuery({ pathname: "/northern-nights-sale/tickets", search: "?utm_source=mail&paymentQueueToken=old", press });
    const back = queueReturnOf(query, "northern-nights-sale");
    expect(back).toEqual({ path: "/northern-nights-sale/tickets", press, keptQuery: "utm_source=mail&slug=northern-nights-sale&route=tickets" });
  });

  test("a departure from the overview returns to the overview; one without a press returns with none", () => {
    expect(queueReturnOf(queueDepartureQuery({ pathname: "/northern-nights", search: "", press: null }), "northern-nights")).toEqual({
      path: "/northern-nights",
      press: null,
      keptQuery: "slug=northern-nights",
    });
  });

  test("another shop's departure, a plain deep link or a malformed press give no return or no press", () => {
    const query = queueDepartureQuery({ pathname: "/northern-nights/tickets", search: "", press });
    expect(queueReturnOf(query, "northern-nights-sale")).toBeNull();
    expect(queueReturnOf("route=tickets&slug=northern-nights", "northern-nights")).toBeNull();
    expect(queueReturnOf(null, "northern-nights")).toBeNull();
    expect(queueReturnOf("slug=northern-nights&queueDeparture=%7B%22productId%22%3A1%7D", "northern-nights")?.press).toBeNull();
    expect(queueDepartureQuery({ pathname: "/", search: "", press })).toBeNull();
  });
});
