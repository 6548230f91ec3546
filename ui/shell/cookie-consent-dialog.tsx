import { useEffect, useState } from "react";
import { Button, Dialog, Heading } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import { Cookie } from "lucide";
import { Icon } from "../common/icon.tsx";
import { afterNextPaint } from "./yield-to-main.ts";
import type { CookieConsent } from "../../application/ports/consent-store.port.ts";

/**
 * Whether the dialog still waits to take focus: true until the browser has painted it, so focusing it does not force a
 * layout inside the mounting task; false at once if a field has focus.
 */
function useEnteringUntilPainted(): boolean {
  const [entering, setEntering] = useState(true);
  useEffect(
    () =>
      afterNextPaint(() => {
        const active = document.activeElement;
        if (!active || active === document.body) setEntering(false);
      }),
    [],
  );
  return entering;
}

/**
 * The cookie consent dialog (spec §2 Other layers): a non-blocking Dialog in the brand colour asking once; the tag
 * manager loads only after Accept all (spec §7 Analytics).
 */
export function ConsentDialog({ brandColor, onChoose }: { brandColor: string; onChoose: (consent: CookieConsent) => void }) {
  const entering = useEnteringUntilPainted();
  return (
    <div className="consent-layer" style={{ "--brand": brandColor } as React.CSSProperties}>
      <Dialog className="dialog consent-dialog" isEntering={entering}>
        <Heading slot="title" level={2}>
          <Icon node={Cookie} size={22} aria-hidden="true" /> <FormattedMessage id="consent.title" />
        </Heading>
        <p>
          <FormattedMessage id="consent.body" />
        </p>
        <div className="dialog-actions">
          <Button className="button" onPress={() => onChoose("necessary")}>
            <FormattedMessage id="consent.necessary" />
          </Button>
          <Button className="button primary" onPress={() => onChoose("all")}>
            <FormattedMessage id="consent.all" />
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
