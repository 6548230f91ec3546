import { PAYMENT_QUEUE_TOKEN_PARAM } from "./payment-queue.ts";

/** A cart write the waiting room interrupted: the product, its new quantity and, for a ticket chosen in the picker, its limit and cap. spec §3 queueUrl, §4. */
export interface PendingPress {
  readonly productId: string;
  readonly quantity: number;
  readonly ticketLimit?: { readonly limit: number; readonly cap: number };
}

/** The query parameter of the deep-link cookie's query that marks a departure for the waiting room; its value is the interrupted press as JSON, or "{}". */
export const QUEUE_DEPARTURE_PARAM = "queueDeparture";

/**
 * The deep-link query to remember (spec §2) when a visitor leaves page `pathname` + `search` of a shop for its waiting
 * room: slug, route, the page's query without a queue token, and the interrupted press. Null outside a shop.
 */
export const queueDepartureQuery = (input: { readonly pathname: string; readonly search: string; readonly press: PendingPress | null }): string | null => {
  const parts = input.pathname.split("/").filter((part) => part !== "");
  const slug = parts[0];
  if (slug === undefined) return null;
  const params = new URLSearchParams(input.search.startsWith("?") ? input.search.slice(1) : input.search);
  params.delete(PAYMENT_QUEUE_TOKEN_PARAM);
  params.delete(QUEUE_DEPARTURE_PARAM);
  params.set("slug", slug);
  if (parts.length > 1) params.set("route", parts.slice(1).join("/"));
  else params.delete("route");
  params.set(QUEUE_DEPARTURE_PARAM, JSON.stringify(input.press ?? {}));
  return params.toString();
};

const isCount = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0;

/** The press of a departure's JSON, or null when it holds none (or is malformed). */
const pressOf = (json: string): PendingPress | null => {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { productId, quantity, ticketLimit } = value as Record<string, unknown>;
  if (typeof productId !== "string" || productId === "" || !isCount(quantity)) return null;
  const limit = ticketLimit as Record<string, unknown> | undefined;
  if (limit !== undefined && (typeof limit !== "object" || limit === null || !isCount(limit["limit"]) || !isCount(limit["cap"]))) return null;
  return { productId, quantity, ...(limit ? { ticketLimit: { limit: limit["limit"] as number, cap: limit["cap"] as number } } : {}) };
};

/** Where a visitor the waiting room sent back goes on: the page they left (path without query), the press to carry out there, and the deep link's query as it was before the departure. */
export interface QueueReturn {
  readonly path: string;
  readonly press: PendingPress | null;
  readonly keptQuery: string;
}

/**
 * The return of a visitor the waiting room sent back to shop `slug`, from the remembered deep link (queueDepartureQuery):
 * the page they left, the press it interrupted, the query to keep. Null when none. spec §2, §3 queueUrl.
 */
export const queueReturnOf = (rememberedQuery: string | null, slug: string): QueueReturn | null => {
  if (rememberedQuery === null) return null;
  const params = new URLSearchParams(rememberedQuery.startsWith("?") ? rememberedQuery.slice(1) : rememberedQuery);
  const departure = params.get(QUEUE_DEPARTURE_PARAM);
  if (departure === null || params.get("slug") !== slug) return null;
  const route = params.get("route");
  params.delete(QUEUE_DEPARTURE_PARAM);
  const path = `/${encodeURIComponent(slug)}${route ? `/${route.split("/").map(encodeURIComponent).join("/")}` : ""}`;
  return { path, press: pressOf(departure), keptQuery: params.toString() };
};
