import { useState } from "react";
import { Heading } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import { groupMerchandise } from "../../domain/product-catalogue.ts";
import { useErrorDialog } from "../shell/error-dialog.tsx";
import { useCurrentShop } from "../shop/shop-context.tsx";
import { GoToCheckout, ItemsLoading } from "../items/item-list-page.tsx";
import { NothingForSale } from "../items/ticket-item.tsx";
import { useItemCart } from "../items/use-item-cart.ts";
import { MerchandiseItem } from "./merchandise-item.tsx";

const consentKey = (slug: string) => `festival-shop:age-consent:${slug}`;

/** The visitor's age consent of this shop, remembered for the browser session (spec §4: "a one-time consent (6006) before the first add"). */
function useAgeConsent(slug: string): [boolean, () => void] {
  const [given, setGiven] = useState(() => {
    try {
      return sessionStorage.getItem(consentKey(slug)) === "yes";
    } catch {
      return false;
    }
  });
  const give = () => {
    setGiven(true);
    try {
      sessionStorage.setItem(consentKey(slug), "yes");
    } catch {
      // storage off: the consent lasts for this page only
    }
  };
  return [given, give];
}

/** /{slug}/merchandise (spec §2 Item screens): the merchandise grouped from `prefix_{group}_…` ids (domain groupMerchandise), each with slider, sizes, stock and quantity; age-checked products ask the 6006 consent once. */
export function MerchandiseRoute() {
  const { slug } = useCurrentShop();
  const items = useItemCart();
  const { show } = useErrorDialog();
  const [consentGiven, giveConsent] = useAgeConsent(slug);
  if (!items) return <ItemsLoading />;
  const groups = groupMerchandise(items.products.filter((p) => p.type === "merchandise"));
  return (
    <div className="page merchandise">
      <Heading level={1}>
        <FormattedMessage id="items.merchandise.title" />
      </Heading>
      <NothingForSale count={groups.length} />
      <div className="merch-grid">
        {groups.map((group) => (
          <MerchandiseItem
            key={group.group}
            group={group}
            cartProducts={items.cartProducts}
            quantityProps={items.quantityProps}
            needsConsent={!consentGiven && group.products.some((p) => p.meta?.ageCheck === true)}
            requestConsent={(proceed) =>
              show({
                code: 6006,
                onConfirm: () => {
                  giveConsent();
                  proceed();
                },
              })
            }
          />
        ))}
      </div>
      <GoToCheckout cartProducts={items.cartProducts} />
    </div>
  );
}
