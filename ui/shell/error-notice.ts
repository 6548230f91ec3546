import type { CatalogueCode } from "../../domain/error-catalogue.ts";
import type { FollowUp } from "../../domain/error-catalogue-table.ts";

/** What the error and decision modal shows: a spec §8 catalogue code, an optional server message and cart id, and for blocking messages the action of its one button. */
export interface ErrorNotice {
  readonly code: CatalogueCode;
  readonly message?: string;
  /** react-intl key of the body when it is not the code's own catalogue text (and no server message is shown). */
  readonly bodyId?: string;
  readonly values?: Readonly<Record<string, string | number>>;
  readonly cartId?: string;
  /** Blocking notices cannot be dismissed; their button runs onConfirm. */
  readonly blocking?: boolean;
  /** Runs after the confirm button (decisions, 6000-6999) or the one button of a message. */
  readonly onConfirm?: () => void;
  /** Decisions only: runs after Cancel, Escape or a click outside. */
  readonly onCancel?: () => void;
  /** react-intl key of the confirm button's label (default error.confirm for decisions, error.close / error.tryAgain otherwise). */
  readonly confirmLabelId?: string;
  /** react-intl key of the cancel button's label (default error.cancel). */
  readonly cancelLabelId?: string;
}

/**
 * What the shell adds to a failure's notice before it shows, by the failure's follow-up (domain FollowUp): the
 * buttons' actions of the account refusals (login: 6004's Login and back to the overview; chooseEvent: 6005's Choose
 * another event), which need the router and single sign-on. spec §6, §8.
 */
export type NoticeActions = (notice: ErrorNotice, then: FollowUp) => ErrorNotice;

/** What the modal is asked to show: a notice as given (show), or a use case failure with its cart id, its text's arguments and the shop's queue address when shown (showFailure). */
export type ShownError =
  | { readonly notice: ErrorNotice }
  | { readonly failure: unknown; readonly cartId?: string; readonly values?: ErrorNotice["values"]; readonly queueUrl: string | null };
