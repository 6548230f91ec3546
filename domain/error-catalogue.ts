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

/** react-intl message key of a catalogue code's title and body (`error.{code}.title` / `.body`). spec §8. */
export const errorMessageKeys = (code: CatalogueCode): { title: string; body: string } => ({
  title: `error.${code}.title`,
  body: `error.${code}.body`,
});

/** Meaning of 5002, the message of a CatalogueError when the Travel API has no package (spec §8). */
export const NO_TRAVEL_PACKAGES = "No travel packages found";

/** Every code of the spec §8 table with its meaning, in table order. spec §8. */
export const CATALOGUE_MEANINGS = {
  1000: "Something went wrong, try again",
  2000: "Welcome, log in or create an account (cancel label CONTINUE)",
  2001: "Welcome, log in or create an account (cancel label CONTINUE)",
  2002: "Welcome, log in or create an account (cancel label CONTINUE)",
  3000: "No registration linked to the account",
  3001: "An order was already placed with this account",
  3002: "Registration closed",
  3003: "Shop not open for you yet, check your timeslot",
  3005: "Only one membership per account",
  4000: "Shop closed",
  4001: "Thank you, wishlist saved",
  4002: "Upgrade error: order processed; click the e-mail link again",
  4003: "Upgrade error: order not found; click the e-mail link again",
  4004: "Time's up (upgrade mode), re-enter through the e-mail link",
  4005: "No valid order id",
  4006: "No valid access id",
  5000: "Product sold out",
  5001: "Product not found",
  5002: NO_TRAVEL_PACKAGES,
  5003: "Shipment not available; products removed for that country",
  5004: "Ticket quantity over limit",
  6000: "Change registration",
  6001: "Confirm removing an item (travel)",
  6002: "Time's up: order must be completed within 7 minutes, with Try again",
  6003: "No tickets selected: accommodation without entrance tickets, confirm to continue",
  6004: "Login prompt with Login button",
  6005: "Membership needed",
  6006: "Age consent for merchandise",
  6007: "Shipping country change confirm (two festival brands)",
  6010: "Confirm cancelling the order",
  6011: "Message plus cart id",
  7000: "Travel member sale starts on a given date; registration must be changed",
  8000: "Attention; shows API or checkout error messages",
  8001: "Attention; max orders per account",
  8002: "An error has occurred; notice messages",
  8003: "Title and message supplied by the store",
} as const;

/** A code of the full spec §8 catalogue (1000 ... 8003). */
export type CatalogueCode = keyof typeof CATALOGUE_MEANINGS;

/** Server cart error code that lists every checkout error message in an 8000 modal. spec §8. */
export const TRAVEL_OCCUPANTS_ERROR = "validation.travel.occupants.does.not.equal.number.entrance.tickets";
/** Shop API error code of a refused identity token (401): the web app forgets the token and continues anonymously. spec §6. */
export const USER_TOKEN_INVALID = "user.token.invalid";

/** Server cart error code that shows its message and fires 8001. spec §8. */
export const MAX_ORDERS_PER_ACCOUNT_ERROR = "validation.max.orders.per.account";

/** A spec §8 code with the message lines to show: what a CatalogueError carries (domain/error-catalogue.errors.ts). */
export interface CatalogueNotice {
  readonly code: CatalogueCode;
  readonly messages: ReadonlyArray<string>;
}

/**
 * Maps a cart's checkoutErrors [{code, message}] to the modal to raise: 8000 with all messages when the travel
 * occupants error is present (checked first), 8001 with its own message for max orders per account, else null
 * (the errors are then only listed under the order button). spec §8.
 */
export const checkoutErrorNotice = (checkoutErrors: ReadonlyArray<{ readonly code: string; readonly message: string }>): CatalogueNotice | null => {
  if (checkoutErrors.some((e) => e.code === TRAVEL_OCCUPANTS_ERROR)) return { code: 8000, messages: checkoutErrors.map((e) => e.message) };
  const maxOrders = checkoutErrors.find((e) => e.code === MAX_ORDERS_PER_ACCOUNT_ERROR);
  return maxOrders ? { code: 8001, messages: [maxOrders.message] } : null;
};

/** Fallback checkout failure text when the server gives no message. spec §8. */
export const CHECKOUT_FAILURE_FALLBACK =
  "Try again. Refresh this page and, if necessary, join the queue to access the ticket shop again.";

/** Checkout failure text: the server's message (or CHECKOUT_FAILURE_FALLBACK when blank) plus " cartId: {cartId}". spec §8. */
export const checkoutFailureText = (message: string | null | undefined, cartId: string): string =>
  `${message && message.trim() !== "" ? message.trim() : CHECKOUT_FAILURE_FALLBACK} cartId: ${cartId}`;

/** Generic body of a basket change failure without an API message. spec §8. */
export const BASKET_CHANGE_FAILURE_BODY = "Something went wrong, try again.";

/** Item-add failure texts of spec §8. */
export const ITEM_ADD_FAILURE_TEXT = {
  soldOut: "This product is sold out.",
  packageSoldOut: "This package combination is sold out.",
  notAvailable: "At this moment, this product is not available. Try again later or choose a different product.",
} as const;

/** Server text that is replaced by ITEM_ADD_FAILURE_TEXT.notAvailable. spec §8. */
export const NO_ROOM_STOCK_SERVER_TEXT = "There is no stock for one of the rooms you want to book";

/**
 * Text of an item-add failure: fixed texts for soldOut / packageSoldOut; for a server failure its message, with
 * the no-room-stock text (or a blank message) replaced by the not-available text. spec §8.
 */
export const itemAddFailureText = (
  failure: { readonly kind: "soldOut" } | { readonly kind: "packageSoldOut" } | { readonly kind: "server"; readonly message?: string | null },
): string => {
  switch (failure.kind) {
    case "soldOut":
      return ITEM_ADD_FAILURE_TEXT.soldOut;
    case "packageSoldOut":
      return ITEM_ADD_FAILURE_TEXT.packageSoldOut;
    case "server": {
      const message = failure.message?.trim() ?? "";
      return message === "" || message.includes(NO_ROOM_STOCK_SERVER_TEXT) ? ITEM_ADD_FAILURE_TEXT.notAvailable : message;
    }
  }
};

/** Voucher texts of spec §8 keyed by server code. */
export const VOUCHER_TEXT = {
  "voucher.invalid": "This voucher code is invalid",
  "voucher.used": "This voucher code has already been used",
} as const;

/** Voucher failure text: known codes map to VOUCHER_TEXT, other codes show the server message, a failed request (no code) the invalid text. spec §8. */
export const voucherFailureText = (code: string | null | undefined, message?: string | null): string => {
  if (code === "voucher.invalid" || code === "voucher.used") return VOUCHER_TEXT[code];
  if (code && message) return message;
  return VOUCHER_TEXT["voucher.invalid"];
};

/** Payment failure text: 'Something went wrong: {message}. Please contact us for your order request.' ('undefined error' without message). spec §8. */
export const paymentFailureText = (message: string | null | undefined): string =>
  `Something went wrong: ${message && message.trim() !== "" ? message : "undefined error"}. Please contact us for your order request.`;
