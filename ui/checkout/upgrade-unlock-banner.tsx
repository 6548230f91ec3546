import { LockOpen } from "lucide";
import { Icon } from "../common/icon.tsx";
import { Link } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import type { Cents } from "../../domain/money.ts";
import { Money } from "../common/money.tsx";
import { useKeepQuery } from "../shell/keep-query.ts";
import { useCurrentShop } from "../shop/shop-context.tsx";
import "./upgrade-unlock-banner.css";

/**
 * The upgrade-unlock banner under the basket (spec §2 Basket screen "Then an upgrade-unlock banner"): says that a
 * membership unlocks `offer` cents off the upgrade and links to the membership screen, query kept. `offer` comes from
 * domain upgradeUnlockOffer; null renders nothing.
 */
export function UpgradeUnlockBanner({ offer }: { offer: Cents | null }) {
  const { slug } = useCurrentShop();
  const keepQuery = useKeepQuery();
  if (offer === null) return null;
  return (
    <aside className="card notice upgrade-unlock" aria-labelledby="upgrade-unlock-title">
      <p id="upgrade-unlock-title" className="upgrade-unlock-title">
        <Icon node={LockOpen} aria-hidden="true" size={20} />
        <FormattedMessage id="upgrade.unlock.title" values={{ amount: <Money cents={offer} /> }} />
      </p>
      <Link className="button primary" href={keepQuery(`/${slug}/membership`)}>
        <FormattedMessage id="upgrade.unlock.cta" />
      </Link>
    </aside>
  );
}
