import { Button, Dialog, Heading, Modal } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { type Locale, toSupportedLocale } from "../../domain/locale.ts";
import { MessagesUnderApp } from "../i18n/message-areas.tsx";
import en from "../i18n/messages/holdextension.en.json";
import es from "../i18n/messages/holdextension.es.json";
import nl from "../i18n/messages/holdextension.nl.json";

/** The dialog's texts in en, nl and es: they load with the dialog, not with every page (as the upgrade screen's). */
const HOLD_EXTENSION_MESSAGES: Readonly<Record<Locale, Readonly<Record<string, string>>>> = { en, nl, es };

/** What HoldExtensionDialog shows and does: the time left (m:ss), the extensions left, the most time the hold can still have (m:ss, its bounded end), whether the call is running, and its two actions. */
export interface HoldExtensionDialogProps {
  readonly time: string;
  readonly extensionsLeft: number;
  readonly maxTime?: string;
  readonly extending: boolean;
  readonly onExtend: () => void;
  readonly onDecline: () => void;
}

/**
 * "Do you need more time?" (WCAG 2.2.1; spec §4 Countdown): an alertdialog before the hold ends with focus on More
 * time; No, Escape or outside keep the time. Its own chunk and texts.
 */
export function HoldExtensionDialog(props: HoldExtensionDialogProps) {
  const own = HOLD_EXTENSION_MESSAGES[toSupportedLocale(useIntl().locale) ?? "en"];
  return (
    <MessagesUnderApp tables={[own]}>
      <Modal isOpen isDismissable onOpenChange={(open) => (open ? undefined : props.onDecline())} className="modal">
        <Dialog className="dialog" role="alertdialog" data-testid="hold-extension">
          <Heading slot="title">
            <FormattedMessage id="holdExtension.title" />
          </Heading>
          <p>
            <FormattedMessage id="holdExtension.body" values={{ time: props.time }} />
          </p>
          <p className="muted">
            <FormattedMessage id="holdExtension.left" values={{ left: props.extensionsLeft }} />
            {props.maxTime === undefined ? null : (
              <>
                {" "}
                <FormattedMessage id="holdExtension.bound" values={{ time: props.maxTime }} />
              </>
            )}
          </p>
          <div className="dialog-actions">
            <Button className="button ghost" onPress={props.onDecline} isDisabled={props.extending}>
              <FormattedMessage id="holdExtension.decline" />
            </Button>
            {/* No isPending: react-aria's pending announcer would outlive this button (the dialog closes on success) and point at nothing (axe role-img-alt). */}
            <Button className="button primary" onPress={props.onExtend} autoFocus>
              <FormattedMessage id="holdExtension.extend" />
            </Button>
          </div>
        </Dialog>
      </Modal>
    </MessagesUnderApp>
  );
}
