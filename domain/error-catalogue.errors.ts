import { Data } from "effect";
import { BASKET_CHANGE_FAILURE_BODY, type CatalogueCode, checkoutErrorNotice } from "./error-catalogue.ts";

/** An expected shop failure carrying a spec §8 code and the message lines to show (never thrown; returned or failed in Effect). */
export class CatalogueError extends Data.TaggedError("CatalogueError")<{
  readonly code: CatalogueCode;
  readonly messages: ReadonlyArray<string>;
}> {}

/** The CatalogueError of a cart's checkoutErrors (8000 travel occupants, 8001 max orders per account: domain checkoutErrorNotice), or null. spec §8. */
export const checkoutErrorModal = (checkoutErrors: ReadonlyArray<{ readonly code: string; readonly message: string }>): CatalogueError | null => {
  const notice = checkoutErrorNotice(checkoutErrors);
  return notice ? new CatalogueError(notice) : null;
};
