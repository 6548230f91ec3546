import { useIntl } from "react-intl";
import { isCartChangeable } from "../../domain/cart.ts";
import type { Product } from "../../domain/product.schema.ts";
import { itemQuantityMax, ticketCap, ticketsInCart } from "../../domain/quantities.ts";
import { useErrorDialog } from "../shell/error-dialog.tsx";
import { useKeepQuery } from "../shell/keep-query.ts";
import { useToasts } from "../shell/toasts.tsx";
import { useCart, useChangeQuantity, useCurrentShop, useProducts, useShopUpdateState } from "../shop/shop-context.tsx";
import { useTravelTicketAvailable } from "./travel-ticket-available.ts";
import type { ItemQuantityProps } from "./item-quantity.tsx";

/** What every item screen needs from the shop: the products with stock, the cart's quantities, and the props of each item's quantity control. */
export interface ItemCart {
  readonly products: ReadonlyArray<Product>;
  readonly cartProducts: Readonly<Record<string, number>>;
  readonly pending: boolean;
  /** Quantity-control props of `product` (allowed maximum, mode, picker, sold-out travel link, the cart write). */
  readonly quantityProps: (product: Product) => Omit<ItemQuantityProps, "product">;
  /** Writes `quantity` of `product` to the cart; toasts the conditional-product message and the product disclaimer on an add. */
  readonly change: (product: Product, quantity: number) => void;
}

/**
 * The item screens' cart access (spec §4, §5 Quantities): each item's maximum (domain itemQuantityMax), the pending
 * state, failures in the error dialog, toasts after an add, locked in payment.
 */
export function useItemCart(): ItemCart | null {
  const { slug, config } = useCurrentShop();
  const products = useProducts();
  const cart = useCart();
  const write = useChangeQuantity();
  const updateState = useShopUpdateState();
  const { show, showFailure } = useErrorDialog();
  const toasts = useToasts();
  const intl = useIntl();
  const keepQuery = useKeepQuery();
  // spec §4: a sold-out item links to travel while the shop sells travel and a travel ticket is left.
  const travelAvailable = useTravelTicketAvailable();
  // While the cart loads (a page the server rendered without it: no cart cookie, or its call failed), the items show
  // with an empty cart and their controls pending, so a server-rendered page lists them at once.
  if (!products.data) return null;
  const all = products.data;
  const cartProducts = cart.data?.products ?? {};
  const tickets = ticketsInCart(all, cartProducts);
  const pending = updateState !== "idle" || cart.isPending;
  // spec §4 Cart status: a cart in payment or confirmed takes no item writes (the server answers 409 cart.not.shopping).
  const status = cart.data?.status ?? "shopping";
  const locked = isCartChangeable(status) ? undefined : (status as "in_payment" | "confirmed");
  const change = (product: Product, quantity: number) => {
    const before = cartProducts[product.id] ?? 0;
    // A ticket's choice is checked against the cap left for it (spec §5: over it shows 5004 and clamps, ChooseTicketQuantity).
    const cap = ticketCap(config.maxTicketAmount, product.maxQuantity);
    const ticketLimit = product.type === "ticket" ? { limit: Math.max(0, cap - (tickets - before)), cap } : undefined;
    write.mutate(
      { productId: product.id, quantity, ...(ticketLimit ? { ticketLimit } : {}) },
      {
        onSuccess: ({ overLimit }) => {
          if (overLimit) show({ code: overLimit.code, values: { max: overLimit.max } });
          if (quantity <= before) return;
          if (product.meta?.isConditionalProduct) {
            toasts.add(
              { title: intl.formatMessage({ id: "items.conditional.title" }), ...(product.meta.conditionalMessage ? { description: product.meta.conditionalMessage } : {}) },
              { timeout: 5000 },
            );
          }
          if (product.meta?.productDisclaimer) {
            toasts.add({ title: intl.formatMessage({ id: "items.disclaimer.title" }), description: product.meta.productDisclaimer }, { timeout: 5000 });
          }
        },
        onError: (failure) => showFailure(failure, cart.data?.id, { max: config.maxTicketAmount }),
      },
    );
  };
  return {
    products: all,
    cartProducts,
    pending,
    change,
    quantityProps: (product) => {
      const inCart = cartProducts[product.id] ?? 0;
      return {
        inCart,
        max: itemQuantityMax({
          product,
          cartProducts,
          maxTicketAmount: config.maxTicketAmount,
          ticketsInCart: tickets,
          extraTicketGroups: config.shopSettings.fields.allowedExtraTickets ?? [],
        }),
        mode: config.useStepper ? "stepper" : "select",
        pending,
        ...(product.type === "ticket" ? { picker: { maxTicketAmount: config.maxTicketAmount, otherTicketsInCart: tickets - inCart } } : {}),
        travelTicketAvailable: travelAvailable,
        travelHref: keepQuery(`/${slug}/travel`),
        ...(locked ? { locked } : {}),
        onChangeQuantity: (quantity) => change(product, quantity),
      };
    },
  };
}
