import { prefetchWhenIdle } from "../common/prefetch-when-idle.ts";
import { type CSSProperties, createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { NetworkError, NoCartError, ShopApiError, UnexpectedAnswerError } from "../../application/errors.ts";
import { errorKindOf, errorMessageKeys } from "../../domain/error-catalogue.ts";
import { isQueueRefusal } from "../../domain/payment-queue.ts";
import { isTagged } from "../common/is-tagged.ts";

/** What the error and decision modal shows: a spec §8 catalogue code, an optional server message and cart id, and for blocking messages the action of its one button. */
export interface ErrorNotice {
  readonly code: number;
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
 * What the shell adds to a notice before it shows: the buttons' actions of the account refusals (6004's Login and
 * back to the overview, 6005's Choose another event), which need the router and single sign-on. spec §6, §8.
 */
export type NoticeActions = (notice: ErrorNotice) => ErrorNotice;

interface ErrorDialogApi {
  readonly show: (notice: ErrorNotice) => void;
  /** Shows a use case failure (noticeOf); `values` fill the catalogue text's arguments (5004's {max}: the shop's maxTicketAmount). */
  readonly showFailure: (failure: unknown, cartId?: string, values?: ErrorNotice["values"]) => void;
  /** The shop theme's CSS variables for the modal, which renders in a portal outside the shop frame (null: defaults). */
  readonly setThemeStyle: (style: CSSProperties | null) => void;
  /** The queue address of the shop on screen (config queueUrl; null: none), where a refused payment queue token sends the visitor. */
  readonly setQueueUrl: (queueUrl: string | null) => void;
}

// The modal (react-aria Modal, Dialog, focus scope and the overlay code it shares with every Select) is no part of the
// first load: its chunk is fetched when the browser is idle after the first paint, so it is there when a
// failure needs it without competing with the page's own code, data and hero image.
const loadErrorModal = () => import("./error-modal.tsx");
const ErrorModal = lazy(() => loadErrorModal().then((m) => ({ default: m.ErrorModal })));

const ErrorDialogContext = createContext<ErrorDialogApi | null>(null);

const KNOWN_CODES = new Set([1000, 3003, 3005, 4000, 4002, 4003, 5000, 5001, 5004, 6002, 6004, 6005]);

/** Goes to the shop's queue address (a full navigation: the waiting room is another page). */
const goToQueue = (queueUrl: string): void => window.location.assign(queueUrl);

/** True when `failure` is the Shop API refusing the payment queue token (missing, forged, expired, another shop's, used). spec §7, §8. */
const isQueueTokenRefused = (failure: unknown): boolean => isTagged<ShopApiError>(failure, "ShopApiError") && isQueueRefusal(failure.code);

/**
/**
 * Maps a use case failure to a catalogue notice: the server's account refusals 6004 (login prompt), 6005 (membership
 * needed), 3003 (shop access timeslot not open), 4000 (shop closed) and 3005 (one membership per account), 4002/4003 (an upgrade refused: order processed, not found) and
 * 5000/5001/5004 codes to their texts in the visitor's language (with `values` for their arguments, e.g. 5004's {max});
 * another server message to 8000, network and contract failures to 1000. spec §6, §8. (A refused payment queue token
 * in a shop with a queue shows no notice: showFailure sends the visitor to the queue address.)
 */
export const noticeOf = (failure: unknown, cartId?: string, values?: ErrorNotice["values"]): ErrorNotice => {
  if (isTagged<ShopApiError>(failure, "ShopApiError")) {
    const code = Number(failure.code);
    if (KNOWN_CODES.has(code)) return { code, ...(cartId ? { cartId } : {}), ...(values ? { values } : {}) };
    return { code: 8000, message: failure.message, ...(cartId ? { cartId } : {}) };
  }
  if (isTagged<NetworkError>(failure, "NetworkError") || isTagged<UnexpectedAnswerError>(failure, "UnexpectedAnswerError") || isTagged<NoCartError>(failure, "NoCartError")) {
    return { code: 1000, ...(cartId ? { cartId } : {}) };
  }
  return { code: 1000 };
};

/** The modal dialog for errors and decisions (spec §2 "Modal dialog for errors and decisions", §8): messages have one button; decisions (6000-6999) have confirm and cancel. `useErrorDialog().show` opens it. */
export function ErrorDialogProvider({
  children,
  actions,
  onFailure,
}: {
  children: ReactNode;
  /** Adds the actions of the account refusals' buttons (the shell's); none in screens composed without a router. */
  actions?: NoticeActions;
  /** Sees every failure shown (the shell forgets a refused identity token: IdentityTokenEffects). */
  onFailure?: (failure: unknown) => void;
}) {
  const [notice, setNotice] = useState<ErrorNotice | null>(null);
  const [themeStyle, setThemeStyle] = useState<CSSProperties | null>(null);
  // Read when a failure is shown, never rendered: a ref, so setting it re-renders nothing.
  const queueUrl = useRef<string | null>(null);
  const intl = useIntl();
  const show = useCallback((next: ErrorNotice) => setNotice(next), []);
  const showFailure = useCallback(
    (failure: unknown, cartId?: string, values?: ErrorNotice["values"]) => {
      onFailure?.(failure);
      // A refused payment queue token (missing, forged, expired, used) in a shop with a queue: straight back to the
      // waiting room, no dialog (spec §8 "join the queue to access the ticket shop again").
      if (queueUrl.current && isQueueTokenRefused(failure)) return goToQueue(queueUrl.current);
      const next = noticeOf(failure, cartId, values);
      setNotice(actions ? actions(next) : next);
    },
    [actions, onFailure],
  );
  const setQueueUrl = useCallback((url: string | null) => void (queueUrl.current = url), []);
  const api = useMemo(() => ({ show, showFailure, setThemeStyle, setQueueUrl }), [show, showFailure, setQueueUrl]);
  useEffect(() => prefetchWhenIdle(loadErrorModal), []);
  const keys = notice ? errorMessageKeys(notice.code) : null;
  const title = keys && intl.messages[keys.title] ? intl.formatMessage({ id: keys.title }) : intl.formatMessage({ id: "error.generic.title" });
  const bodyKey = notice?.bodyId ?? keys?.body;
  const body = notice?.message ?? (bodyKey && intl.messages[bodyKey] ? intl.formatMessage({ id: bodyKey }, notice?.values) : "");
  // A blocking notice (6002 Time's up) has its one Try again button even in the decision range.
  const decision = notice !== null && !notice.blocking && errorKindOf(notice.code) === "decision";
  const close = () => {
    const confirm = notice?.onConfirm;
    setNotice(null);
    confirm?.();
  };
  const cancel = () => {
    const onCancel = notice?.onCancel;
    setNotice(null);
    onCancel?.();
  };
  return (
    <ErrorDialogContext.Provider value={api}>
      {children}
      {notice ? (
        <Suspense fallback={null}>
          <ErrorModal
            code={notice.code}
            style={themeStyle ?? undefined}
            title={title}
            body={body}
            cartId={notice.cartId}
            blocking={notice.blocking ?? false}
            decision={decision}
            confirmLabelId={notice.confirmLabelId ?? (decision ? "error.confirm" : notice.blocking ? "error.tryAgain" : "error.close")}
            cancelLabelId={notice.cancelLabelId ?? "error.cancel"}
            onConfirm={close}
            onCancel={cancel}
          />
        </Suspense>
      ) : null}
    </ErrorDialogContext.Provider>
  );
}

/** Opens the error dialog; throws outside an ErrorDialogProvider (a bug). */
export function useErrorDialog(): ErrorDialogApi {
  const api = useContext(ErrorDialogContext);
  if (!api) throw new Error("useErrorDialog needs an ErrorDialogProvider");
  return api;
}

/**
 * Gives the error and decision modal the shop theme's CSS variables (ui/theme/theme-colours.ts themeCssVariables, a
 * memoised object) while the calling component (the shop frame) is mounted, since the modal renders in a portal
 * outside it; back to the defaults on unmount. Throws outside an ErrorDialogProvider (a bug). spec §1 Theme.
 */
export function useErrorDialogTheme(style: CSSProperties | null): void {
  const { setThemeStyle } = useErrorDialog();
  useEffect(() => {
    setThemeStyle(style);
    return () => setThemeStyle(null);
  }, [style, setThemeStyle]);
}

/**
 * Gives the error dialog the queue address of the shop on screen (config queueUrl) while the calling component (the
 * shop frame) is mounted, so a refused payment queue token sends the visitor there; none again on unmount. Throws
 * outside an ErrorDialogProvider (a bug). spec §3 queueUrl, §8.
 */
export function useErrorDialogQueue(queueUrl: string | undefined): void {
  const { setQueueUrl } = useErrorDialog();
  useEffect(() => {
    setQueueUrl(queueUrl ?? null);
    return () => setQueueUrl(null);
  }, [queueUrl, setQueueUrl]);
}
