import { Checkbox, Link, RouterProvider } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import { Check } from "lucide";
import { Icon } from "../common/icon.tsx";

/** Props of the terms boxes: the two answers, the shop's absolute terms and privacy links, whether the covid box shows. */
export interface TermsBoxesProps {
  readonly termsAccepted: boolean;
  readonly covidAccepted: boolean;
  readonly onTerms: (accepted: boolean) => void;
  readonly onCovid: (accepted: boolean) => void;
  readonly showCovidTerms: boolean;
  readonly termsUrl: string;
  readonly privacyUrl: string;
  readonly isDisabled: boolean;
  /** The shop is one of the two festival brands: the terms are shown in Dutch whatever the visitor's language (spec §1). */
  readonly dutchTerms?: boolean;
}

/** An absolute address for a configured link: "example.com/terms" or "//example.com" become https:, a full URL stays (never resolved against the page). */
export const absoluteUrl = (link: string): string => {
  const trimmed = link.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return trimmed.replace(/^(https?):\/(?!\/)/i, "$1://");
  return `https://${trimmed.replace(/^\/+/, "")}`;
};

/** The drawn box of a react-aria Checkbox: empty, or filled in the brand colour with a tick when selected. */
function TickBox({ isSelected }: { isSelected: boolean }) {
  return (
    <span className="box" aria-hidden="true">
      {isSelected ? <Icon node={Check} size={16} strokeWidth={3} aria-hidden="true" /> : null}
    </span>
  );
}

const keepHref = (href: string) => href;
const externalNavigate = (href: string) => window.open(href, "_blank", "noreferrer");

/** The terms and covid-terms checkboxes with the terms and privacy links (spec §2 Basket screen, §5; shown only when the total is above 0). */
export function TermsBoxes(props: TermsBoxesProps) {
  // The festival brands' terms are Dutch in every language: their own message ids, marked lang="nl" (WCAG 3.1.2).
  const dutch = props.dutchTerms ?? false;
  return (
    <div className="terms" lang={props.dutchTerms ? "nl" : undefined}>
      <Checkbox className="checkbox" isSelected={props.termsAccepted} onChange={props.onTerms} isDisabled={props.isDisabled}>
        {({ isSelected }) => (
          <>
            <TickBox isSelected={isSelected} />
            {dutch ? <FormattedMessage id="checkout.terms.dutch" /> : <FormattedMessage id="checkout.terms" />}
          </>
        )}
      </Checkbox>
      {/* The app's router provider resolves every href against the page (react-router useHref), which turned these
          external addresses into /{slug}/checkout/https:/… ; here hrefs stay as given. */}
      <RouterProvider navigate={externalNavigate} useHref={keepHref}>
        <p className="small">
          <Link href={absoluteUrl(props.termsUrl)} target="_blank" rel="noreferrer">
            {dutch ? <FormattedMessage id="checkout.termsLink.dutch" /> : <FormattedMessage id="checkout.termsLink" />}
          </Link>
          {" · "}
          <Link href={absoluteUrl(props.privacyUrl)} target="_blank" rel="noreferrer">
            {dutch ? <FormattedMessage id="checkout.privacyLink.dutch" /> : <FormattedMessage id="checkout.privacyLink" />}
          </Link>
        </p>
      </RouterProvider>
      {props.showCovidTerms ? (
        <Checkbox className="checkbox" isSelected={props.covidAccepted} onChange={props.onCovid} isDisabled={props.isDisabled}>
          {({ isSelected }) => (
            <>
              <TickBox isSelected={isSelected} />
              {dutch ? <FormattedMessage id="checkout.covidTerms.dutch" /> : <FormattedMessage id="checkout.covidTerms" />}
            </>
          )}
        </Checkbox>
      ) : null}
    </div>
  );
}

/** Props of the newsletter box: the shop's title (named in the label), whether it is ticked, and its change handler. */
export interface NewsletterBoxProps {
  readonly shopTitle: string;
  readonly isSelected: boolean;
  readonly onChange: (ticked: boolean) => void;
  readonly isDisabled: boolean;
}

/** The newsletter box of the details form: ticked, placing the order also subscribes the checkout e-mail (spec §7 Other calls, PlaceOrder). Unticked by default. */
export function NewsletterBox(props: NewsletterBoxProps) {
  return (
    <Checkbox className="checkbox newsletter" isSelected={props.isSelected} onChange={props.onChange} isDisabled={props.isDisabled}>
      {({ isSelected }) => (
        <>
          <TickBox isSelected={isSelected} />
          <FormattedMessage id="checkout.newsletter" values={{ shop: props.shopTitle }} />
        </>
      )}
    </Checkbox>
  );
}
