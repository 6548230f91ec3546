import { notifyManager, useIsMutating, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { useIntl } from "react-intl";
import type { LoadedShop } from "../../application/use-cases/load-shop.use-case.ts";
import type { Cart } from "../../domain/cart.schema.ts";
import { type Basket, priceBasket, shopPricingContext } from "../../domain/pricing.ts";
import type { Product } from "../../domain/product.schema.ts";
import { productTypesInCart, upgradeDiscountOf } from "../../domain/upgrade.ts";
import { logWarning } from "../common/log-warning.ts";
import { useAsyncUseCase } from "../use-cases.tsx";
import { cartQuery, productsQuery, shopKeys } from "./shop.queries.ts";
import { useTrackQuantityChange } from "./shop-analytics.ts";
import { hasProductTexts, productsInLanguage } from "./product-texts.ts";

/** The shop of the current route: its slug and loaded configuration. */
export interface CurrentShop extends LoadedShop {
  readonly slug: string;
  /** The cart a deep link of this page names (domain deepLinkCartId, spec §2), loaded instead of the remembered one; null or absent: none. */
  readonly deepLinkCartId?: string | null;
}

const ShopContext = createContext<CurrentShop | null>(null);

/** Provides the loaded shop to every screen below /{slug}. */
export function ShopProvider({ shop, children }: { shop: CurrentShop; children: ReactNode }) {
  return <ShopContext.Provider value={shop}>{children}</ShopContext.Provider>;
}

/** The shop of the current route; throws outside a ShopProvider (a bug). */
export function useCurrentShop(): CurrentShop {
  const shop = useContext(ShopContext);
  if (!shop) throw new Error("useCurrentShop needs a ShopProvider");
  return shop;
}

/**
 * The shop's products with stock (react-query), their name, title and description in the visitor's language where the
 * shop's custom translations give them (spec §1; product-texts.ts). The cache keeps the Shop API's own texts, which analytics reads.
 */
export function useProducts() {
  const { slug, context } = useCurrentShop();
  const intl = useIntl();
  const select = useMemo(() => {
    const messages = intl.messages;
    if (!hasProductTexts(Object.keys(messages))) return undefined;
    const text = (key: string) => (Object.hasOwn(messages, key) ? intl.formatMessage({ id: key }) : undefined);
    return (products: ReadonlyArray<Product>) => productsInLanguage(products, text);
  }, [intl]);
  return useQuery({ ...productsQuery(useAsyncUseCase((m) => m.LoadProducts), slug, context), select });
}

/** The products' types in list order (ProductType[]), null while they load; its users render again only when a type changes, not on a stock refresh. */
export function useProductTypes(): ReadonlyArray<Product["type"]> | null {
  const { slug, context } = useCurrentShop();
  return useQuery({ ...productsQuery(useAsyncUseCase((m) => m.LoadProducts), slug, context), select: typesOf }).data ?? null;
}

const typesOf = (products: ReadonlyArray<Product>): ReadonlyArray<Product["type"]> => products.map((p) => p.type);

/** The visitor's cart of this shop, or null (react-query). */
export function useCart() {
  const { slug, context, deepLinkCartId } = useCurrentShop();
  return useQuery(cartQuery(useAsyncUseCase((m) => m.GetCurrentCart), slug, context, deepLinkCartId ?? null));
}

/** The priced basket of the current cart (domain priceBasket, with the upgrade membership discount of domain upgradeDiscountOf in upgrade mode), or null while products or cart load. spec §2 Basket, §9. */
export function useBasket(): { basket: Basket; cart: Cart | null; products: ReadonlyArray<Product> } | null {
  const { config, context } = useCurrentShop();
  const products = useProducts();
  const cart = useCart();
  if (!products.data || cart.isPending) return null;
  const cartProducts = cart.data?.products ?? {};
  const upgradeDiscount = upgradeDiscountOf({
    upgradeMode: context.upgradableOrderId !== undefined,
    upgradableOrder: config.upgradableOrder,
    cartTypes: productTypesInCart(products.data, cartProducts),
  });
  const basket = priceBasket(products.data, cartProducts, {
    ...shopPricingContext(config),
    ...(upgradeDiscount > 0 ? { upgradeDiscount } : {}),
  });
  return { basket, cart: cart.data ?? null, products: products.data };
}

/** A quantity change: the product, its new quantity, and for a ticket chosen in the picker the most the cart may hold of it (`limit`) and the cap the 5004 message names (ChooseTicketQuantity). */
export interface QuantityChange {
  readonly productId: string;
  readonly quantity: number;
  readonly ticketLimit?: { readonly limit: number; readonly cap: number };
}

/**
 * Changes a product's quantity (creating the cart when needed) and refreshes stock (spec §4 Shop update state); a
 * picker choice goes through ChooseTicketQuantity (5004 notice, spec §5).
 */
export function useChangeQuantity() {
  const { slug, context, config } = useCurrentShop();
  const changeQuantity = useAsyncUseCase((m) => m.ChangeProductQuantity);
  const chooseTicketQuantity = useAsyncUseCase((m) => m.ChooseTicketQuantity);
  const loadProducts = useAsyncUseCase((m) => m.LoadProducts);
  const queryClient = useQueryClient();
  const trackQuantityChange = useTrackQuantityChange(slug, config);
  return useMutation({
    mutationKey: cartUpdateKey(slug),
    mutationFn: async ({ productId, quantity, ticketLimit }: QuantityChange) => {
      const { cart, overLimit } = ticketLimit
        ? await chooseTicketQuantity.execute({ slug, context, productId, quantity, ...ticketLimit })
        : { cart: await changeQuantity.execute({ slug, context, productId, quantity }), overLimit: null };
      const products = await loadProducts.execute({ context }).catch((failure: unknown) => logWarning("stock refresh failed", failure));
      return { cart, products, overLimit };
    },
    onSuccess: ({ cart, products, overLimit }, { productId, quantity }) => {
      // spec §7 add_to_cart / remove_from_cart (a clamped choice with the quantity written), before the new cart is cached
      trackQuantityChange(productId, overLimit ? (cart.products[productId] ?? 0) : quantity);
      notifyManager.batch(() => {
        if (products) queryClient.setQueryData(shopKeys.products(slug), products);
        queryClient.setQueryData(shopKeys.cart(slug), cart);
      });
      if (!products) void queryClient.invalidateQueries({ queryKey: shopKeys.products(slug) });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: shopKeys.products(slug) }),
  });
}

/** Mutation key of every cart write of a shop (react-query), so the shop update state sees it. spec §4 Shop update state. */
export const cartUpdateKey = (slug: string) => ["cart-update", slug] as const;
/** Mutation key of every travel (hotel cart) write of a shop. spec §4 Shop update state "update.travel". */
export const travelUpdateKey = (slug: string) => ["travel-update", slug] as const;

/** The shop update state of spec §4: "update.travel" while a hotel-cart write is pending, "updating" while any other cart write is, else "idle". */
export function useShopUpdateState(): "idle" | "updating" | "update.travel" {
  const { slug } = useCurrentShop();
  const travel = useIsMutating({ mutationKey: travelUpdateKey(slug) });
  const cart = useIsMutating({ mutationKey: cartUpdateKey(slug) });
  return travel > 0 ? "update.travel" : cart > 0 ? "updating" : "idle";
}
