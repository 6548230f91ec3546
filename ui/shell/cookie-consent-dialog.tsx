import { Button, Dialog, Heading } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import { Cookie } from "lucide";
import { Icon } from "../common/icon.tsx";
import type { CookieConsent } from "../../application/ports/consent-store.port.ts";

/**
 * The cookie consent dialog (spec §2 Other layers "Cookie consent dialog restyled by the product"): a react-aria Dialog
 * in the shop's brand colour at the bottom corner, asking once with Accept all and Only necessary. It does not block
 * the shop (a visitor may shop without choosing; nothing optional loads until then); the choice is remembered and the
 * tag manager loads only after Accept all (spec §7 Analytics).
 */
export function ConsentDialog({ brandColor, onChoose }: { brandColor: string; onChoose: (consent: CookieConsent) => void }) {
  return (
    <div className="consent-layer" style={{ "--brand": brandColor } as React.CSSProperties}>
      <Dialog className="dialog consent-dialog">
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
