import { prefetchWhenIdle } from "../common/prefetch-when-idle.ts";
import { type CSSProperties, createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { ErrorNotice, NoticeActions, ShownError } from "./error-notice.ts";
import type { FailureMeaning } from "./failure-meaning.ts";

export type { ErrorNotice, NoticeActions } from "./error-notice.ts";

interface ErrorDialogApi {
  readonly show: (notice: ErrorNotice) => void;
  /** Shows a use case failure (failure-meaning.ts noticeOf); `values` fill the catalogue text's arguments (5004's {max}: the shop's maxTicketAmount). */
  readonly showFailure: (failure: unknown, cartId?: string, values?: ErrorNotice["values"]) => void;
  /** The shop theme's CSS variables for the modal, which renders in a portal outside the shop frame (null: defaults). */
  readonly setThemeStyle: (style: CSSProperties | null) => void;
  /** The queue address of the shop on screen (config queueUrl; null: none), where a refused payment queue token sends the visitor. */
  readonly setQueueUrl: (queueUrl: string | null) => void;
}

// The modal (react-aria Modal, Dialog, focus scope and the overlay code it shares with every Select) and what a
// failure means (ui/shell/failure-meaning.ts, the §8 table) are no part of the first load: their chunk is fetched
// when the browser is idle after the first paint, so it is there when a failure needs it without competing with the
// page's own code, data and hero image.
const loadErrorModal = () => import("./error-modal.tsx");
const ErrorModal = lazy(() => loadErrorModal().then((m) => ({ default: m.ErrorModal })));

/**
 * What `failure` means (ui/shell/failure-meaning.ts failureMeaning: its catalogue code, message and follow-up), asked
 * by a screen that acts on it (an empty list for noResults, a sold-out mark, a fresh cart); loads with the modal's
 * chunk. spec §8.
 */
export const meaningOf = (failure: unknown): Promise<FailureMeaning> => loadErrorModal().then((m) => m.failureMeaning(failure));

const ErrorDialogContext = createContext<ErrorDialogApi | null>(null);

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
  const [shown, setShown] = useState<ShownError | null>(null);
  const [themeStyle, setThemeStyle] = useState<CSSProperties | null>(null);
  // Read when a failure is shown, never rendered: a ref, so setting it re-renders nothing.
  const queueUrl = useRef<string | null>(null);
  const show = useCallback((notice: ErrorNotice) => setShown({ notice }), []);
  const showFailure = useCallback(
    (failure: unknown, cartId?: string, values?: ErrorNotice["values"]) => {
      onFailure?.(failure);
      setShown({ failure, ...(cartId ? { cartId } : {}), ...(values ? { values } : {}), queueUrl: queueUrl.current });
    },
    [onFailure],
  );
  const setQueueUrl = useCallback((url: string | null) => void (queueUrl.current = url), []);
  const close = useCallback(() => setShown(null), []);
  const api = useMemo(() => ({ show, showFailure, setThemeStyle, setQueueUrl }), [show, showFailure, setQueueUrl]);
  useEffect(() => prefetchWhenIdle(loadErrorModal), []);
  return (
    <ErrorDialogContext.Provider value={api}>
      {children}
      {shown ? (
        <Suspense fallback={null}>
          <ErrorModal shown={shown} actions={actions} style={themeStyle ?? undefined} onClose={close} />
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
 * Gives the error modal the shop theme's CSS variables while the calling frame is mounted, since the modal renders in a
 * portal; throws outside an ErrorDialogProvider. spec §1 Theme.
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
