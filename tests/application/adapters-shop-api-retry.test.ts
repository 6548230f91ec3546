import "reflect-metadata";
import { Effect } from "effect";
import { beforeEach, describe, expect, it } from "vitest";
import { HttpCartApi } from "../../adapters/http/http-cart-api.ts";
import type { HttpFetch } from "../../adapters/http/http-fetch.ts";
import { ShopApiError } from "../../application/errors.ts";
import { IDEMPOTENCY_KEY_HEADER } from "../../domain/api.schema.ts";

const CONTEXT = { apiNamespace: "lowlands-lights-2027", shopToken: "sk_demo_7f3c9a1e5b2d48c6a0e4f1b9" };
const ORDER = { paymentMethod: "ideal", redirectUri: "https://shop.example.com/lowlands-lights/paymentstatus" };
const PAYMENT_PAGE = "https://pay.example.com/p/1";

/** The answer of a shed call: `status` with `retryAfter` (seconds, as the header's text; none when undefined) and the envelope. */
const shed = (status: number, retryAfter: string | undefined) =>
  new Response(JSON.stringify({ error: { code: "service.unavailable", message: "The shop is busy; try again in a moment." } }), {
    status,
    headers: { "content-type": "application/json", ...(retryAfter === undefined ? {} : { "retry-after": retryAfter }) },
  });
const created = () => new Response(JSON.stringify({ data: { redirectUri: PAYMENT_PAGE } }), { status: 201, headers: { "content-type": "application/json" } });

/** A fetch that answers from `answers` in turn (the last one again when they run out) and records each request's Idempotency-Key. */
const scriptedFetch = (answers: ReadonlyArray<() => Response>) => {
  const keys: Array<string | undefined> = [];
  const fetch: HttpFetch = async (_url, init) => {
    keys.push(new Headers(init.headers).get(IDEMPOTENCY_KEY_HEADER) ?? undefined);
    return answers[Math.min(keys.length - 1, answers.length - 1)]!();
  };
  return { fetch, keys };
};

describe("the Shop API adapter sends a shed call again", () => {
  let script: ReturnType<typeof scriptedFetch>;
  beforeEach(() => {
    script = scriptedFetch([]);
  });

  it("places the order after two shed answers, every attempt with the same Idempotency-Key", async () => {
    script = scriptedFetch([() => shed(503, "0"), () => shed(503, "0"), created]);
    const order = await Effect.runPromise(new HttpCartApi("http://shop.test", script.fetch).createOrder(CONTEXT, "cart-1", ORDER));
    expect(order).toEqual({ redirectUri: PAYMENT_PAGE });
    expect(script.keys).toHaveLength(3);
    expect(new Set(script.keys).size).toBe(1);
    expect(script.keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends a call refused with 429 and Retry-After again", async () => {
    script = scriptedFetch([() => shed(429, "0"), created]);
    await Effect.runPromise(new HttpCartApi("http://shop.test", script.fetch).createOrder(CONTEXT, "cart-1", ORDER));
    expect(script.keys).toHaveLength(2);
  });

  it("fails with the shed answer as ShopApiError after four more attempts", async () => {
    script = scriptedFetch([() => shed(503, "0")]);
    const error = await Effect.runPromise(Effect.flip(new HttpCartApi("http://shop.test", script.fetch).createOrder(CONTEXT, "cart-1", ORDER)));
    expect(error).toBeInstanceOf(ShopApiError);
    expect(error).toMatchObject({ status: 503, code: "service.unavailable" });
    expect(script.keys).toHaveLength(5);
  });

  it("does not send again a 503 without Retry-After, nor any other failure", async () => {
    script = scriptedFetch([() => shed(503, undefined), created]);
    expect(await Effect.runPromise(Effect.flip(new HttpCartApi("http://shop.test", script.fetch).createOrder(CONTEXT, "cart-1", ORDER)))).toMatchObject({ status: 503 });
    expect(script.keys).toHaveLength(1);
    script = scriptedFetch([() => shed(409, "0"), created]);
    expect(await Effect.runPromise(Effect.flip(new HttpCartApi("http://shop.test", script.fetch).createOrder(CONTEXT, "cart-1", ORDER)))).toMatchObject({ status: 409 });
    expect(script.keys).toHaveLength(1);
  });
});
