import fc from "fast-check";
import { paramNames } from "./routes.ts";

/** One fuzzed request: path (already encoded, possibly malformed), headers and raw payload. */
export interface FuzzRequest {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly payload?: string;
}

/** Ids that exist in the demo data (spec §3 demo ids, COMMON decisions) or that the test created before fuzzing. */
export interface KnownIds {
  readonly ids: ReadonlyArray<string>;
  readonly shopHeaders: Record<string, string>;
}

/** Field names the Shop API, Travel API and payment calls read; random objects built from them reach deeper decoding. */
const FIELD_NAMES = [
  "productId", "quantity", "paymentMethod", "redirectUri", "paymentQueueToken", "outcome", "gender", "firstName",
  "middleName", "lastName", "phoneNumber", "email", "dateOfBirth", "address", "streetNumber", "streetNumberExtension",
  "postalCode", "city", "country", "code", "voucherCode", "travelId", "packageId", "roomId", "roomOptionId", "extraId",
  "extras", "addOnId", "reference", "orderReference", "externalReference", "cartToken", "persons", "adults", "nights",
  "startDate", "endDate", "date", "locale", "newsletter", "terms", "notificationItems", "NotificationRequestItem",
  "live", "eventCode", "pspReference", "merchantReference", "success", "amount", "value", "currency", "additionalData",
  "hmacSignature", "id", "type", "items", "data",
] as const;

/** Query keys worth trying (plus random ones). */
const QUERY_KEYS = ["locale", "lang", "page", "limit", "type", "category", "travelId", "packageId", "email", "reference", "q", "date", "cartId", "shop", "from", "to", "redirectResult", "resultCode"] as const;

/** Hard numbers: overflow, precision loss, negative zero, fractions, exponents. */
const hugeNumber = fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -(2 ** 63), 1e21, 0.1 + 0.2, -0, -1, 1.5, 999999999999, 2147483648);

/** A long string of 1–20k characters (fast to build, slow to swallow). */
const longString = fc.tuple(fc.constantFrom("a", "é", "😀", "%", "\\", "0"), fc.integer({ min: 1000, max: 20000 })).map(([c, n]) => c.repeat(n));

/** Any awkward scalar or value a JSON field could carry. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  hugeNumber,
  fc.integer(),
  fc.constantFrom(null, true, false, "", " ", "0", "null", "-1", "NaN", "<script>", "'; DROP TABLE carts; --", "\u0000", "ll_ticket_weekend"),
  fc.integer({ min: -3, max: 12 }),
  longString,
);

/** Deeply nested JSON text (arrays or objects), 50–3000 levels. */
const deepJson = fc.tuple(fc.boolean(), fc.integer({ min: 50, max: 3000 })).map(([arrays, n]) =>
  arrays ? `${"[".repeat(n)}1${"]".repeat(n)}` : `${'{"a":'.repeat(n)}1${"}".repeat(n)}`,
);

/** A JSON object made of known field names with nasty values. */
const shapedObject = fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 8 })), nastyValue, { maxKeys: 8 });

/** Raw bodies: random JSON, shaped objects, almost-valid bodies, deep nesting, non-JSON text, empty, and one over the body limit. */
const bodyText: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
  { weight: 4, arbitrary: shapedObject.map((v) => JSON.stringify(v)) },
  {
    weight: 3,
    arbitrary: fc
      .record({
        productId: fc.oneof(fc.constantFrom("ll_ticket_weekend", "ll_extra_locker", "ll_dunes_double", "ll_extra_breakfast"), nastyValue),
        quantity: fc.oneof(fc.integer({ min: -2, max: 12 }), nastyValue),
      })
      .map((v) => JSON.stringify(v)),
  },
  { weight: 1, arbitrary: deepJson },
  { weight: 2, arbitrary: fc.oneof(fc.string(), fc.constantFrom("{", "[1,", "nul", "'x'", '{"a":}', "\uFEFF{}", "{}{}", "outcome=pay&x=%zz")) },
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constant("") },
  { weight: 1, arbitrary: fc.constantFrom("[]", "null", "0", '"x"', "true", "{}") },
  { weight: 1, arbitrary: fc.constant(`{"x":"${"y".repeat(2 * 1024 * 1024)}"}`) },
);

const contentType = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "application/octet-stream",
  "multipart/form-data; boundary=x",
  "x/y;;;",
  undefined,
);

/** Header values a client could send (printable ASCII; Node refuses control characters before the server sees them). */
const headerValue = fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom("", "Bearer", "Bearer ", "Basic Zm9vOmJhcg==", "ct_demo_4b8e2f6a1c9d", "123456789"));

/** Path parameter values: valid uuids, demo ids, random (unicode) strings, very long ones and malformed escapes. */
const paramValue = (known: KnownIds): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known.ids).map(encodeURIComponent) },
    { weight: 2, arbitrary: fc.uuid().map(encodeURIComponent) },
    { weight: 2, arbitrary: fc.string({ minLength: 1 }).map(encodeURIComponent) },
    { weight: 2, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }).map(encodeURIComponent) },
    { weight: 1, arbitrary: longString.map(encodeURIComponent) },
    { weight: 1, arbitrary: fc.constantFrom("%", "%zz", "%E0%A4%A", "..", "%2e%2e", "%00", "%2F", "a%20b", "null", "0", "-1", "%C0%AF", "😀") },
  );

const queryString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constant("") },
  {
    weight: 4,
    arbitrary: fc
      .dictionary(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ minLength: 1, maxLength: 8 })), fc.oneof(fc.string(), fc.string({ unit: "grapheme", maxLength: 20 }), fc.constantFrom("0", "-1", "1e308", "true", "[]")), { maxKeys: 4 })
      .map((q) => (Object.keys(q).length ? `?${new URLSearchParams(q).toString()}` : "")),
  },
  { weight: 1, arbitrary: fc.constantFrom("?a=%zz", "?&&=&", "?locale[]=x&locale[]=y", "?__proto__=1", "?constructor[prototype][x]=1", "?" + "x=1&".repeat(2000)) },
);

/** Shop authentication headers: none, garbage namespace or token, or the demo shop's real ones (so decoding is reached). */
const authHeaders = (known: KnownIds): fc.Arbitrary<Record<string, string>> => {
  const namespace = known.shopHeaders["x-event-namespace"] ?? "";
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant({ ...known.shopHeaders }) },
    { weight: 1, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: headerValue.map((v) => ({ "x-event-namespace": v })) },
    { weight: 1, arbitrary: headerValue.map((v) => ({ "x-event-namespace": namespace, authorization: v })) },
    { weight: 1, arbitrary: fc.tuple(headerValue, headerValue).map(([n, a]) => ({ "x-event-namespace": n, authorization: `Bearer ${a}` })) },
  );
};

/** Optional headers the web app sends (cart token, upgradable order, policy, user token, language) with random values. */
const optionalHeaders = fc.record(
  {
    "x-cart-token": headerValue,
    "x-upgradable-order-id": headerValue,
    "x-policy-id": headerValue,
    "x-user-token": headerValue,
    "accept-language": headerValue,
    "idempotency-key": headerValue,
  },
  { requiredKeys: [] },
);

/** A fuzzed request for a route template (`:params` filled in), with a body only when `withBody`. */
export const fuzzRequest = (path: string, known: KnownIds, withBody: boolean): fc.Arbitrary<FuzzRequest> => {
  const names = paramNames(path);
  // A wildcard route (`/*`) gets random trailing segments.
  const wildcard = path.endsWith("*");
  return fc
    .record({
      params: fc.tuple(...names.map(() => paramValue(known))),
      tail: wildcard ? fc.array(paramValue(known), { maxLength: 3 }) : fc.constant([] as string[]),
      query: queryString,
      auth: authHeaders(known),
      extra: optionalHeaders,
      body: withBody ? bodyText : fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: bodyText }),
      type: contentType,
    })
    .map(({ params, tail, query, auth, extra, body, type }) => {
      let filled = path;
      names.forEach((name, i) => (filled = filled.replace(`:${name}`, params[i] ?? "")));
      if (wildcard) filled = filled.replace(/\*$/, tail.join("/"));
      const headers: Record<string, string> = { ...auth, ...(extra as Record<string, string>) };
      if (type !== undefined && body !== undefined) headers["content-type"] = type;
      const request: FuzzRequest = { url: `${filled}${query}`, headers, ...(body === undefined ? {} : { payload: body }) };
      // Counterexamples print shortened (a body over the limit would drown the seed and path that replay the failure).
      return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
    });
};

const clip = (text: string, max = 300): string => (text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text);

/** A short printable form of a fuzzed request (long values clipped to 300 characters). */
export const describeRequest = (request: FuzzRequest): string =>
  JSON.stringify({ url: clip(request.url), headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, clip(v, 80)])), payload: request.payload === undefined ? undefined : clip(request.payload) });
