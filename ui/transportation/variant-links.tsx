import { Link } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import type { TransportVariant } from "../../domain/product-catalogue.ts";
import { useKeepQuery } from "../shell/keep-query.ts";
import { useCurrentShop } from "../shop/shop-context.tsx";

/** Links between the variants of a transport screen (all, /nl, /eu); the current one is marked. spec §2 Routes. */
export function VariantLinks({ base, current }: { base: string; current: TransportVariant }) {
  const { slug } = useCurrentShop();
  const keepQuery = useKeepQuery();
  const intl = useIntl();
  const variants: ReadonlyArray<readonly [TransportVariant, string]> = [
    ["all", `/${slug}/${base}`],
    ["nl", `/${slug}/${base}/nl`],
    ["eu", `/${slug}/${base}/eu`],
  ];
  return (
    <nav className="variant-links" aria-label={intl.formatMessage({ id: "items.transport.variants" })}>
      {variants.map(([variant, path]) => (
        <Link key={variant} className="button" href={keepQuery(path)} {...(variant === current ? { "aria-current": "page" as const } : {})}>
          <FormattedMessage id={`items.transport.variant.${variant}`} />
        </Link>
      ))}
    </nav>
  );
}
