import { Button, Dialog, Heading, Modal } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import { errorKindOf } from "../../domain/error-catalogue.ts";

/** What the open modal shows: the catalogue code, whether it blocks, the cart id (if any), the texts, and what its button does. */
export interface ErrorModalProps {
  readonly notice: { readonly code: number; readonly blocking?: boolean; readonly cartId?: string };
  readonly title: string;
  readonly body: string;
  readonly onClose: () => void;
}

/** The open error or decision modal of ErrorDialogProvider (spec §2, §8): its title, body, cart id and one button; loaded on first use. */
export function ErrorModal({ notice, title, body, onClose }: ErrorModalProps) {
  return (
    <Modal
      isOpen
      isDismissable={!notice.blocking}
      isKeyboardDismissDisabled={notice.blocking ?? false}
      onOpenChange={(open) => (open ? undefined : onClose())}
      className="modal"
    >
      <Dialog className="dialog" role={notice.blocking || errorKindOf(notice.code) === "decision" ? "alertdialog" : "dialog"} data-code={notice.code}>
        <Heading slot="title">{title}</Heading>
        <p>{body}</p>
        {notice.cartId ? (
          <p className="muted">
            <FormattedMessage id="error.cartId" values={{ cartId: notice.cartId }} />
          </p>
        ) : null}
        <Button className="button primary" onPress={onClose} autoFocus>
          <FormattedMessage id={notice.blocking ? "error.tryAgain" : "error.close"} />
        </Button>
      </Dialog>
    </Modal>
  );
}
