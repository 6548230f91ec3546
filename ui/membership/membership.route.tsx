import { FormattedMessage } from "react-intl";
import { ItemListPage } from "../items/item-list-page.tsx";

/** /{slug}/membership (spec §2 Routes, §9): the membership products with their billing label ('1-month subscription' / '1-year subscription' from meta.membershipType Month/year), added like tickets. */
export function MembershipRoute() {
  return (
    <ItemListPage
      titleId="items.membership.title"
      className="membership"
      select={(p) => p.type === "membership"}
      showImage
      cardExtra={(p) =>
        p.meta?.membershipType ? (
          <p className="membership-billing">
            <FormattedMessage id={`items.membership.${p.meta.membershipType}`} />
            {" · "}
            <span className="muted">
              <FormattedMessage id={`items.membership.billed${p.meta.membershipType}`} />
            </span>
          </p>
        ) : null
      }
    />
  );
}
