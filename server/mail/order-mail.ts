import { eq } from "drizzle-orm";
import { Schema } from "effect";
import { addOnLinkOf } from "../../domain/account-orders.ts";
import { TravelCart } from "../../domain/travel.schema.ts";
import { cartProducts, type CartRow } from "../cart/cart-store.ts";
import { cartTotals } from "../cart/cart-view.ts";
import type { Tx } from "../db/database.ts";
import { previousOrders } from "../db/schema.ts";
import { findShopBySlug, type ShopRecord } from "../shop/shop-store.ts";
import { hotelCartsOf, travelCartView } from "../travel/hotel-holds.ts";
import type { FeeLine, MailFacts, MailLine } from "./mail-facts.ts";
import { enqueueMail, localeOf, shopFacts } from "./mail-outbox.ts";

/*
 * The mails of an order's payment (docs/mail.md): the confirmation and the pending note, written by the settlement
 * (server/payments/settle-payment.ts) in its own transaction, with the order as it was paid.
 */

/** The checkout e-mail and first name of a cart's details, or undefined without an e-mail. */
const contactOf = (cart: CartRow): { readonly email: string; readonly firstName: string | null } | undefined => {
  const details = (cart.details ?? {}) as { email?: unknown; firstName?: unknown };
  if (typeof details.email !== "string" || details.email.trim() === "") return undefined;
  return { email: details.email.trim(), firstName: typeof details.firstName === "string" && details.firstName.trim() !== "" ? details.firstName.trim() : null };
};

const decodeTravelCart = Schema.decodeSync(TravelCart);

/** The lines of a paid cart as its basket priced them (cents): products, the travel booking, then fees and discounts. */
const paidLines = async (tx: Tx, shop: ShopRecord, cart: CartRow): Promise<MailLine[]> => {
  const lines = await cartProducts(tx, cart.id);
  const hotels = await hotelCartsOf(tx, cart.id);
  const totals = await cartTotals(tx, shop, cart, lines, hotels);
  const { basket } = totals;
  const products: MailLine[] = basket.groups.flatMap((g) => g.lines.map((l) => ({ title: l.name, quantity: l.quantity, amount: l.total })));
  const travelId = shop.config.apiTravelId;
  const view = travelId === undefined ? null : await travelCartView(tx, cart, travelId);
  const travel = view === null ? null : decodeTravelCart(view);
  const travelLines: MailLine[] = travel
    ? [
        ...(travel.packageOption ? [{ title: `${travel.name}: ${travel.packageOption.title}`, quantity: travel.occupation, amount: travel.packageOption.subtotal }] : []),
        ...travel.extras.map((e) => ({ title: `${travel.name}: ${e.extra.name}`, quantity: e.amount, amount: e.subtotal })),
        ...travel.addOns.map((a) => ({ title: `${travel.name}: ${a.extra.name}`, quantity: a.quantity, amount: a.subtotal })),
      ]
    : [];
  const fee = (name: FeeLine, amount: number): MailLine[] => (amount === 0 ? [] : [{ title: "", quantity: 1, amount, fee: name }]);
  return [
    ...products,
    ...travelLines,
    ...fee("serviceFee", basket.serviceFee),
    ...fee("orderFee", basket.orderFee),
    ...fee("touristTax", basket.touristTax),
    ...fee("entertainmentTax", basket.entertainmentTax),
    ...fee("shipping", basket.shipping),
    ...fee("refundProtection", basket.refundProtection),
    ...fee("wishlistFee", basket.wishlistFee),
    ...fee("discount", -(basket.discount + totals.discount)),
  ];
};

/** The order number and add-on cart token of a paid cart: an add-on cart's order and token, else the order recorded from it. */
const orderOf = async (tx: Tx, cart: CartRow): Promise<{ readonly reference: string; readonly cartToken: string | null } | undefined> => {
  if (cart.addOnReference !== null) return { reference: cart.addOnReference, cartToken: cart.cartToken };
  const [order] = await tx.select({ reference: previousOrders.reference, cartToken: previousOrders.cartToken }).from(previousOrders).where(eq(previousOrders.cartId, cart.id));
  return order;
};

/**
 * Writes the order confirmation of a paid cart (spec §9) in the settlement's transaction: number, lines, total (cents)
 * and links, in the order's language; nothing without e-mail or order number.
 */
export const enqueueOrderConfirmation = async (tx: Tx, cart: CartRow, payment: { readonly amount: number; readonly locale: string | null }, now: Date): Promise<void> => {
  const contact = contactOf(cart);
  const shop = await findShopBySlug(tx, cart.shopSlug);
  const order = await orderOf(tx, cart);
  if (!contact || !shop || !order) return;
  const isAddOnShop = shop.config.shopInit.isAddOnShop;
  const facts: MailFacts<"order-confirmation"> = {
    ...shopFacts(shop),
    firstName: contact.firstName,
    reference: order.reference,
    lines: await paidLines(tx, shop, cart),
    total: payment.amount,
    addOnPath: addOnLinkOf({ slug: shop.slug, sellsTravel: shop.config.apiTravelId !== undefined, isAddOnShop, cartToken: order.cartToken, reference: order.reference }),
    lookupPath: isAddOnShop ? `/${encodeURIComponent(shop.slug)}` : null,
  };
  await enqueueMail(tx, { kind: "order-confirmation", facts, recipient: contact.email, locale: localeOf(payment.locale), dedupeKey: `order-confirmation:${cart.id}` }, now);
};

/**
 * Writes the pending-payment note when the provider reports a payment pending (spec §9 "The pending note says 30 minutes
 * (Dutch) or 2 hours (English)"), once per payment (`paymentId`), with the amount (cents) in the order's language.
 */
export const enqueuePaymentPending = async (
  tx: Tx,
  cart: CartRow,
  payment: { readonly id: string; readonly amount: number; readonly locale: string | null },
  now: Date,
): Promise<void> => {
  const contact = contactOf(cart);
  const shop = await findShopBySlug(tx, cart.shopSlug);
  if (!contact || !shop) return;
  const facts: MailFacts<"payment-pending"> = { ...shopFacts(shop), firstName: contact.firstName, total: payment.amount };
  await enqueueMail(tx, { kind: "payment-pending", facts, recipient: contact.email, locale: localeOf(payment.locale), dedupeKey: `payment-pending:${payment.id}` }, now);
};
