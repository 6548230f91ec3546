import { useEffect, useState } from "react";
import { Button, Dialog, Heading } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import { Cookie } from "lucide";
import { Icon } from "../common/icon.tsx";
import { afterNextPaint } from "./yield-to-main.ts";
import type { CookieConsent } from "../../application/ports/consent-store.port.ts";

/**
 * Whether the dialog still waits to take focus (React Aria's `isEntering`: a Dialog moves focus into itself once it is
 * false): true until the browser has painted it, then false if nothing else has focus. React Aria focuses a dialog
 * right after React mounts it, and that focus made the browser lay the whole page out at once, inside the same task
 * (on a first visit's checkout, 50-100 ms at 4x CPU); after the paint the layout is done and focus is cheap.
 * A visitor who is already in a field (typing their name while the question loads) keeps their focus: the question
 * asks without taking it (it blocks nothing, below).
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
 * The cookie consent dialog (spec §2 Other layers "Cookie consent dialog restyled by the product"): a react-aria Dialog
 * in the shop's brand colour at the bottom corner, asking once with Accept all and Only necessary. It does not block
 * the shop (a visitor may shop without choosing; nothing optional loads until then); the choice is remembered and the
 * tag manager loads only after Accept all (spec §7 Analytics).
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
