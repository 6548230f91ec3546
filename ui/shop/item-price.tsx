import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { itemPriceFacts, shopPricingContext } from "../../domain/pricing.ts";
import type { Product } from "../../domain/product.schema.ts";
import { Money } from "../common/money.tsx";
import { useCurrentShop } from "./shop-context.tsx";

/**
 * An item's price as the cart charges it (domain itemPriceFacts, spec §2 Item screens, §9): the unit price with the
 * service costs it includes, then the service fee per order beside it; `children` follow the price.
 */
export function ItemPriceLine({ product, children }: { product: Product; children?: ReactNode }) {
  const { config } = useCurrentShop();
  const facts = itemPriceFacts(product, shopPricingContext(config));
  return (
    <p className="price">
      <Money cents={facts.price} />
      {children}
      {facts.includedServiceCosts > 0 ? (
        <span className="muted small">
          {" "}
          <FormattedMessage id="tickets.serviceCosts" values={{ amount: <Money cents={facts.includedServiceCosts} /> }} />
        </span>
      ) : null}
      {facts.serviceFeePerOrder > 0 ? (
        <span className="muted small">
          {" "}
          <FormattedMessage id="tickets.serviceFeePerOrder" values={{ amount: <Money cents={facts.serviceFeePerOrder} /> }} />
        </span>
      ) : null}
    </p>
  );
}
