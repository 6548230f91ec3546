import { type CSSProperties, useEffect } from "react";
import { Button, Dialog, Heading, Modal } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { errorMessageKeys } from "../../domain/error-catalogue.ts";
import { errorKindOf } from "../../domain/error-catalogue-table.ts";
import type { ErrorNotice, NoticeActions, ShownError } from "./error-notice.ts";
import { failureMeaning, noticeOf } from "./failure-meaning.ts";
import { useRememberQueueDeparture } from "./queue-departure.ts";

export { failureMeaning } from "./failure-meaning.ts";

/** What ErrorModal shows and does: a notice or a use case failure, the shell's actions for failures, the theme, and what closes it. spec §2, §8. */
export interface ErrorModalProps {
  readonly shown: ShownError;
  /** Adds the buttons' actions by the failure's follow-up (the shell's account refusals); undefined: none. */
  readonly actions: NoticeActions | undefined;
  /** The shop theme's CSS variables (the modal renders in a portal outside the shop frame); undefined: the defaults. */
  readonly style?: CSSProperties | undefined;
  /** Closes the modal (before the button's own action runs). */
  readonly onClose: () => void;
}

/** The notice of what is shown and the shop's queue address a refused payment queue token goes to (follow-up queue in a shop with a queue), else null. */
const noticeOfShown = (shown: ShownError, actions: NoticeActions | undefined): { readonly notice: ErrorNotice; readonly queueUrl: string | null } => {
  if ("notice" in shown) return { notice: shown.notice, queueUrl: null };
  const { then } = failureMeaning(shown.failure);
  const notice = noticeOf(shown.failure, shown.cartId, shown.values);
  return { notice: actions ? actions(notice, then) : notice, queueUrl: then === "queue" ? shown.queueUrl : null };
};

/**
 * The open error or decision modal of ErrorDialogProvider (spec §2 "Modal dialog for errors and decisions", §8): a
 * react-aria Modal and Dialog, alertdialog for decisions and blocking notices. Its own chunk, loaded after the first
 * paint (the overlay code is no part of any first load).
 */
export function ErrorModal({ shown, actions, style, onClose }: ErrorModalProps) {
  const intl = useIntl();
  const { notice, queueUrl } = noticeOfShown(shown, actions);
  const rememberDeparture = useRememberQueueDeparture();
  // A refused payment queue token (missing, forged, expired, used) in a shop with a queue: straight back to the
  // waiting room, no dialog (spec §8 "join the queue to access the ticket shop again"; a full navigation), with this
  // page and the press it refused remembered, so the visitor comes back here with the press carried out.
  useEffect(() => {
    if (queueUrl === null) return;
    rememberDeparture();
    onClose();
    window.location.assign(queueUrl);
  }, [queueUrl, onClose]); // eslint-disable-line react-hooks/exhaustive-deps -- once per refusal shown
  if (queueUrl !== null) return null;
  const keys = errorMessageKeys(notice.code);
  const title = intl.messages[keys.title] ? intl.formatMessage({ id: keys.title }) : intl.formatMessage({ id: "error.generic.title" });
  const bodyKey = notice.bodyId ?? keys.body;
  const body = notice.message ?? (intl.messages[bodyKey] ? intl.formatMessage({ id: bodyKey }, notice.values) : "");
  // A blocking notice (6002 Time's up) has its one Try again button even in the decision range.
  const blocking = notice.blocking ?? false;
  const decision = !blocking && errorKindOf(notice.code) === "decision";
  const confirm = () => {
    onClose();
    notice.onConfirm?.();
  };
  const cancel = () => {
    onClose();
    notice.onCancel?.();
  };
  const confirmLabelId = notice.confirmLabelId ?? (decision ? "error.confirm" : blocking ? "error.tryAgain" : "error.close");
  return (
    <Modal
      isOpen
      isDismissable={!blocking}
      isKeyboardDismissDisabled={blocking}
      onOpenChange={(open) => (open ? undefined : decision ? cancel() : confirm())}
      className="modal"
      style={style}
    >
      <Dialog className="dialog" role={blocking || decision ? "alertdialog" : "dialog"} data-code={notice.code}>
        <Heading slot="title">{title}</Heading>
        <p>{body}</p>
        {notice.cartId ? (
          <p className="muted">
            <FormattedMessage id="error.cartId" values={{ cartId: notice.cartId }} />
          </p>
        ) : null}
        <div className="dialog-actions">
          {decision ? (
            <Button className="button ghost" onPress={cancel}>
              <FormattedMessage id={notice.cancelLabelId ?? "error.cancel"} />
            </Button>
          ) : null}
          <Button className="button primary" onPress={confirm} autoFocus>
            <FormattedMessage id={confirmLabelId} />
          </Button>
        </div>
      </Dialog>
    </Modal>
  );
}
