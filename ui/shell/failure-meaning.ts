import type { NetworkError, NoCartError, ShopApiError, ShopNotFoundError, UnexpectedAnswerError } from "../../application/errors.ts";
import type { OrderLookupFailedError, OrderNotFoundError } from "../../application/ports/order-lookup-api.port.ts";
import type { SingleSignOnError } from "../../application/ports/single-sign-on.port.ts";
import type { VoucherRejectedError } from "../../application/ports/voucher-api.port.ts";
import type { CheckoutFailedError } from "../../application/use-cases/place-order.use-case.ts";
import type { InvalidHotelPersons } from "../../application/use-cases/search-travel-packages.use-case.ts";
import type { CatalogueCode } from "../../domain/error-catalogue.ts";
import { CATALOGUE, type CodeFollowedBy, type FollowUp, isFollowedBy, serverCodeMeaning } from "../../domain/error-catalogue-table.ts";
import type { CatalogueError } from "../../domain/error-catalogue.errors.ts";
import type { ErrorNotice } from "./error-notice.ts";

/**
 * What a failure means to the visitor (spec §8): the catalogue code whose modal shows it, the message shown in place
 * of the code's own text (the server's, the checkout's), whether the cart id goes with it, and what follows
 * (domain FollowUp).
 */
export interface FailureMeaning {
  readonly code: CatalogueCode;
  readonly message?: string;
  readonly withCartId: boolean;
  readonly then: FollowUp;
}

/** Every tagged failure of the use cases and the domain (its `_tag` picks its row of BY_TAG). */
export type TaggedFailure =
  | ShopApiError
  | NetworkError
  | UnexpectedAnswerError
  | NoCartError
  | ShopNotFoundError
  | CatalogueError
  | CheckoutFailedError
  | VoucherRejectedError
  | SingleSignOnError
  | OrderNotFoundError
  | OrderLookupFailedError
  | InvalidHotelPersons;

const GENERIC: FailureMeaning = { code: 1000, withCartId: true, then: "close" };
// Failures their own screens show in place (the 404 page, the voucher field, the order lookup, the hotel filter,
// single sign-on's log): as a modal only the generic 1000, without the cart id.
const SHOWN_IN_PLACE: FailureMeaning = { code: 1000, withCartId: false, then: "close" };

/**
 * One row per failure tag (a missing one does not compile): a catalogue code shows its text, other refusals their
 * message under 8000, network or contract failures 1000, a CatalogueError its code.
 */
const BY_TAG = {
  ShopApiError: (failure) => {
    const meaning = serverCodeMeaning(failure.code);
    return meaning.code !== null && CATALOGUE[meaning.code].text === "catalogue"
      ? { code: meaning.code, withCartId: true, then: meaning.then }
      : { code: 8000, message: failure.message, withCartId: true, then: meaning.then };
  },
  NetworkError: () => GENERIC,
  UnexpectedAnswerError: () => GENERIC,
  NoCartError: () => GENERIC,
  CatalogueError: (failure) => ({
    code: failure.code,
    ...(failure.messages.length > 0 ? { message: failure.messages.join("\n") } : {}),
    withCartId: false,
    then: CATALOGUE[failure.code].then,
  }),
  // The text carries the cart id already (domain checkoutFailureText).
  CheckoutFailedError: (failure) => ({ code: 8000, message: failure.text, withCartId: false, then: "close" }),
  ShopNotFoundError: () => SHOWN_IN_PLACE,
  VoucherRejectedError: () => SHOWN_IN_PLACE,
  SingleSignOnError: () => SHOWN_IN_PLACE,
  OrderNotFoundError: () => SHOWN_IN_PLACE,
  OrderLookupFailedError: () => SHOWN_IN_PLACE,
  InvalidHotelPersons: () => SHOWN_IN_PLACE,
} satisfies { readonly [T in TaggedFailure["_tag"]]: (failure: Extract<TaggedFailure, { readonly _tag: T }>) => FailureMeaning };

const tagOf = (failure: unknown): unknown => (typeof failure === "object" && failure !== null ? (failure as { readonly _tag?: unknown })._tag : undefined);

/** What `failure` means (BY_TAG by its `_tag`); anything else (a bug, an untagged error) is the generic 1000 without the cart id. spec §8. */
export const failureMeaning = (failure: unknown): FailureMeaning => {
  const tag = tagOf(failure);
  if (typeof tag !== "string" || !Object.hasOwn(BY_TAG, tag)) return SHOWN_IN_PLACE;
  return (BY_TAG[tag as TaggedFailure["_tag"]] as (failure: TaggedFailure) => FailureMeaning)(failure as TaggedFailure);
};

/** The upgrade code of a failure shown in place of the screen (follow-up emailLink: the Shop API refused the upgrade link with 4002 / 4003), else null. spec §8. */
export const emailLinkCodeOf = (failure: unknown): CodeFollowedBy<"emailLink"> | null => {
  const { code, then } = failureMeaning(failure);
  return then === "emailLink" && isFollowedBy(code, "emailLink") ? code : null;
};

/**
 * The catalogue notice of a use case failure (failureMeaning): its code, the message shown instead of the code's
 * text, or else `values` for the text's arguments (5004's {max}), and the cart id where the meaning takes one. spec §8.
 */
export const noticeOf = (failure: unknown, cartId?: string, values?: ErrorNotice["values"]): ErrorNotice => {
  const meaning = failureMeaning(failure);
  return {
    code: meaning.code,
    ...(meaning.message !== undefined ? { message: meaning.message } : values ? { values } : {}),
    ...(meaning.withCartId && cartId ? { cartId } : {}),
  };
};
