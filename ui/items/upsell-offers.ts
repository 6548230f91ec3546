// The upsell offers of a cart, apart from the tiles that show them (./upsell-slider.tsx): the tickets route's upsell panel
// needs only the offers on its first load, the tiles with the modal that opens later.
import { useLocation } from "react-router-dom";
import type { Product } from "../../domain/product.schema.ts";
import type { ShopStep } from "../../domain/shop-flow.ts";
import { upsellOffersOf } from "../../domain/upsell.ts";
import { useCurrentShop } from "../shop/shop-context.tsx";

/** An upsell tile: the product, the address of its flow route under the shop's slug (query kept), its name and highlight (spec §3 upsellProducts tileName, highLighted). spec §2 Item screens "Upsell tile". */
export interface UpsellOffer {
  readonly product: Product;
  readonly href: string;
  readonly step: ShopStep;
  readonly tileName: string;
  readonly highlighted: boolean;
}

/** The upsell offers of a cart (domain upsellProducts: the shop's upsellProducts or isUpsell, not sold out, not in the cart, merchandise groups once), each with its tile's link; products of types without a screen are left out. spec §2, §4 Upsell. */
export function useUpsellOffers(products: ReadonlyArray<Product>, cartProducts: Readonly<Record<string, number>>): ReadonlyArray<UpsellOffer> {
  const { slug, config } = useCurrentShop();
  const { search } = useLocation();
  return upsellOffersOf(products, cartProducts, config.upsellProducts).map((offer) => ({ ...offer, href: `/${slug}/${offer.step}${search}` }));
}
