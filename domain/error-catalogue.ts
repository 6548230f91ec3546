/** Kind of a catalogue entry: 6000-6999 are decisions with a confirm button, the rest are messages. spec §8. */
export type ErrorKind = "message" | "decision";

/** Error codes of the spec §8 catalogue that the shop raises or shows. */
export const ErrorCode = {
  GENERIC: 1000,
  SHOP_CLOSED: 4000,
  UPGRADE_TIME_UP: 4004,
  SOLD_OUT: 5000,
  PRODUCT_NOT_FOUND: 5001,
  SHIPMENT_NOT_AVAILABLE: 5003,
  QUANTITY_OVER_LIMIT: 5004,
  TIME_UP: 6002,
  NO_TICKETS_SELECTED: 6003,
  API_ATTENTION: 8000,
  MAX_ORDERS_PER_ACCOUNT: 8001,
  NOTICE: 8002,
} as const;
/** A numeric catalogue code. */
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Kind of a catalogue code: decision for 6000-6999, message otherwise. spec §8. */
export const errorKindOf = (code: number): ErrorKind => (code >= 6000 && code <= 6999 ? "decision" : "message");

/** react-intl message key of a catalogue code's title and body (`error.{code}.title` / `.body`). spec §8. */
export const errorMessageKeys = (code: number): { title: string; body: string } => ({
  title: `error.${code}.title`,
  body: `error.${code}.body`,
});

/** Generic title fallback of spec §8. */
export const GENERIC_ERROR_TITLE = "Er is iets misgegaan";
