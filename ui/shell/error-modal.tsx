import type { CSSProperties } from "react";
import { Button, Dialog, Heading, Modal } from "react-aria-components";
import { FormattedMessage } from "react-intl";

/** What ErrorModal shows and does: the catalogue code, translated title and body, an optional cart id, and its buttons' labels and actions. spec §2, §8. */
export interface ErrorModalProps {
  readonly code: number;
  /** The shop theme's CSS variables (the modal renders in a portal outside the shop frame); undefined: the defaults. */
  readonly style?: CSSProperties | undefined;
  readonly title: string;
  readonly body: string;
  readonly cartId: string | undefined;
  /** Blocking notices (6002 Time's up) cannot be dismissed by Escape or a click outside. */
  readonly blocking: boolean;
  /** Decisions (6000-6999, not blocking) have Cancel beside the confirm button; Escape and a click outside cancel. */
  readonly decision: boolean;
  /** react-intl keys of the confirm and cancel buttons' labels. */
  readonly confirmLabelId: string;
  readonly cancelLabelId: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

/**
 * The open error or decision modal of ErrorDialogProvider (spec §2 "Modal dialog for errors and decisions", §8): a
 * react-aria Modal and Dialog, alertdialog for decisions and blocking notices. Its own chunk, loaded after the first
 * paint (the overlay code is no part of any first load).
 */
export function ErrorModal(props: ErrorModalProps) {
  return (
    <Modal
      isOpen
      isDismissable={!props.blocking}
      isKeyboardDismissDisabled={props.blocking}
      onOpenChange={(open) => (open ? undefined : props.decision ? props.onCancel() : props.onConfirm())}
      className="modal"
      style={props.style}
    >
      <Dialog className="dialog" role={props.blocking || props.decision ? "alertdialog" : "dialog"} data-code={props.code}>
        <Heading slot="title">{props.title}</Heading>
        <p>{props.body}</p>
        {props.cartId ? (
          <p className="muted">
            <FormattedMessage id="error.cartId" values={{ cartId: props.cartId }} />
          </p>
        ) : null}
        <div className="dialog-actions">
          {props.decision ? (
            <Button className="button ghost" onPress={props.onCancel}>
              <FormattedMessage id={props.cancelLabelId} />
            </Button>
          ) : null}
          <Button className="button primary" onPress={props.onConfirm} autoFocus>
            <FormattedMessage id={props.confirmLabelId} />
          </Button>
        </div>
      </Dialog>
    </Modal>
  );
}
