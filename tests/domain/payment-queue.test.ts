import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { serverCodeMeaning } from "../../domain/error-catalogue-table.ts";
import { PAYMENT_QUEUE_TOKEN_PARAM, queueTokenOf } from "../../domain/payment-queue.ts";

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
