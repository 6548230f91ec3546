import { sql } from "drizzle-orm";
import { type AccessRefusal, accessRefusal } from "../../domain/access-timeslots.ts";
import { type AccountRef, membershipLineRefused, type OrderAccount, orderAccountOf } from "../../domain/account-gates.ts";
import { membershipMissing, saleOf } from "../../domain/sale-mode.ts";
import type { CartRow } from "../cart/cart-store.ts";
import type { Db, Tx } from "../db/database.ts";
import { queryRows } from "../db/raw-rows.ts";
import { loginNeeded, membershipNeeded, oneMembershipPerAccount, orderNotOffered, outsideAccessTimeslot, shopClosed } from "./orders.errors.ts";
import { accountMembership } from "../identity/account-membership.ts";
import type { UserIdentity } from "../identity/user-token.ts";
import type { ShopRecord } from "../shop/shop-store.ts";

/*
 * The account gates of the reference Shop API (spec §6 Roles and permissions): the rules are domain/account-gates.ts
 * and the sale rules of domain/sale-mode.ts; this module loads what they decide on (the cart's owner, the account's membership, its
 * other carts and orders), decides with them and refuses in the API envelope.
 */

/** The account a verified identity names (issuer and subject), or null for an anonymous call. */
export const accountOf = (identity: UserIdentity | undefined): AccountRef | null => (identity ? { issuer: identity.issuer, sub: identity.sub } : null);

/** The owner of a cart row, or null for an anonymous cart. */
export const cartOwner = (cart: Pick<CartRow, "ownerIssuer" | "ownerSub">): AccountRef | null =>
  cart.ownerIssuer !== null && cart.ownerSub !== null ? { issuer: cart.ownerIssuer, sub: cart.ownerSub } : null;

/**
 * The gate of POST /carts (spec §6): LoginRequired without an account where the shop needs one, MembershipNeeded
 * without an active membership in a member shop; answers the new cart's owner.
 */
export const newCartOwner = (shop: ShopRecord, identity: UserIdentity | undefined): { ownerIssuer: string | null; ownerSub: string | null } => {
  const account = accountOf(identity);
  if (account === null) {
    if (saleOf(shop.config).rules.login === "account") throw loginNeeded();
    return { ownerIssuer: null, ownerSub: null };
  }
  assertMember(shop, account);
  return { ownerIssuer: account.issuer, ownerSub: account.sub };
};

/**
 * The access timeslot gate of new carts and added products (spec §6): OutsideAccessTimeslot when the caller's wave is
 * ahead, ShopClosed when none is; the level comes from the account.
 */
export const assertAccessTimeslot = (shop: ShopRecord, identity: UserIdentity | undefined, now: Date): void => {
  const refusal = accessRefusalFor(shop, identity, now);
  if (refusal?.code === "3003") throw outsideAccessTimeslot(refusal.opensAt);
  if (refusal?.code === "4000") throw shopClosed();
};

/** The caller's access refusal at `now` (domain accessRefusal over the shop's timeslots and the account's membership), or null when open to them. spec §6, §8. */
const accessRefusalFor = (shop: ShopRecord, identity: UserIdentity | undefined, now: Date): AccessRefusal | null => {
  const slots = shop.accessTimeslots ?? [];
  if (slots.length === 0) return null;
  const account = accountOf(identity);
  const membership = account === null ? null : accountMembership(account.sub);
  const level = membership !== null && membership.status >= 1 ? membership.level : null;
  return accessRefusal(slots, level, now);
};

/** GET /shop/access: `closed` when every access timeslot of the caller has ended (or none is theirs). spec §6, §8 4000. */
export const shopAccessOf = (shop: ShopRecord, identity: UserIdentity | undefined, now: Date): { readonly closed: boolean } => ({
  closed: accessRefusalFor(shop, identity, now)?.code === "4000",
});

/** MembershipNeeded when the shop's sale rules ask a membership and `account` has no active membership. spec §6. */
const assertMember = (shop: ShopRecord, account: AccountRef): void => {
  if (membershipMissing({ rules: saleOf(shop.config).rules, loggedIn: true, membershipStatus: accountMembership(account.sub).status })) throw membershipNeeded();
};

/** OrderNotOffered where the shop's sale rules take no order (a pre-registration's wishlist, a preview). spec §1. */
export const assertShopTakesOrders = (shop: ShopRecord): void => {
  const { order } = saleOf(shop.config).rules;
  if (order !== "taken") throw orderNotOffered(order);
};

/**
 * How many of the account's other carts and orders, in any shop, hold a membership (spec §6 "One membership per
 * account").
 */
export const membershipsHeldElsewhere = async (db: Db | Tx, account: AccountRef, exceptCartId: string, now: Date, shopping: boolean): Promise<number> => {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(distinct c.id)::int as n from carts c
        join cart_items i on i.cart_id = c.id
        join products p on p.shop_slug = c.shop_slug and p.id = i.product_id
        where c.owner_sub = ${account.sub} and c.owner_issuer = ${account.issuer} and c.id <> ${exceptCartId}
          and p.data->>'type' = 'membership'
          and (c.status = 'confirmed'
               or (c.status = 'in_payment' and c.expires_at > ${now.toISOString()})
               or (${shopping}::boolean and c.status = 'shopping' and c.expires_at > ${now.toISOString()}))`,
  );
  return Number(row?.n ?? 0);
};

/** Units of membership products in a cart, leaving out `exceptProductId` (the line being set). */
const membershipUnitsInCart = async (db: Db | Tx, cart: Pick<CartRow, "id" | "shopSlug">, exceptProductId: string | null): Promise<number> => {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select coalesce(sum(i.quantity), 0)::int as n from cart_items i
        join products p on p.shop_slug = ${cart.shopSlug} and p.id = i.product_id
        where i.cart_id = ${cart.id} and p.data->>'type' = 'membership' and i.product_id is distinct from ${exceptProductId}`,
  );
  return Number(row?.n ?? 0);
};

/** The account's holdings the one-membership rule decides on: its membership status and memberships in its other carts/orders. */
const accountHoldings = async (db: Db | Tx, account: AccountRef, exceptCartId: string, now: Date, shopping: boolean) => ({
  membershipStatus: accountMembership(account.sub).status,
  heldElsewhere: await membershipsHeldElsewhere(db, account, exceptCartId, now, shopping),
});

/**
 * The gate of adding a membership product (spec §6): OneMembershipPerAccount above 1, beside another, or when the
 * account holds one elsewhere; other products pass without a query.
 */
export const assertMembershipLine = async (
  db: Db,
  shopSlug: string,
  cart: { readonly id: string; readonly owner: AccountRef | null },
  line: { readonly productId: string; readonly quantity: number; readonly type: string | undefined },
  caller: AccountRef | null,
  now: Date,
): Promise<void> => {
  if (line.type !== "membership" || line.quantity === 0) return;
  const account = cart.owner ?? caller;
  const refused = membershipLineRefused({
    quantity: line.quantity,
    otherLinesInCart: await membershipUnitsInCart(db, { id: cart.id, shopSlug }, line.productId),
    ...(account === null ? {} : { account: await accountHoldings(db, account, cart.id, now, true) }),
  });
  if (refused) throw oneMembershipPerAccount();
};

/** Key of the account lock: the shop and the account (`a:{issuer} {sub}`) or the normalised e-mail (`e:{address}`). */
const lockKey = (account: OrderAccount): string => (account.kind === "account" ? `a:${account.account.issuer} ${account.account.sub}` : `e:${account.email}`);

/**
 * Serialises every order and settlement of one account in one shop until the transaction ends (an advisory lock), taken
 * after the cart locks.
 */
export const lockOrderAccount = async (tx: Tx, shopSlug: string, account: OrderAccount): Promise<void> => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${shopSlug}), hashtext(${lockKey(account)}))`);
};

/** The OrderAccount of a cart row: its owner, else its checkout e-mail (domain orderAccountOf). */
export const cartOrderAccount = (cart: Pick<CartRow, "ownerIssuer" | "ownerSub" | "details">): OrderAccount | null =>
  orderAccountOf(cartOwner(cart), (cart.details as { email?: unknown } | null)?.email as string | undefined);

/**
 * Orders of the cart's account in the shop besides `exceptCartId`: its confirmed carts (by owner, else e-mail),
 * optionally those in payment, and recorded previous orders. spec §6 maxOrdersPerAccount.
 */
export const accountOrderCount = async (
  db: Db | Tx,
  shopSlug: string,
  account: OrderAccount,
  email: string | undefined,
  exceptCartId: string,
  now: Date,
  inPayment: boolean,
): Promise<number> => {
  const same =
    account.kind === "account"
      ? sql`c.owner_sub = ${account.account.sub} and c.owner_issuer = ${account.account.issuer}`
      : sql`lower(trim(c.details->>'email')) = ${account.email}`;
  const address = email?.trim().toLowerCase() ?? "";
  const [row] = await queryRows<{ carts: number; previous: number }>(
    db,
    sql`select
          (select count(*)::int from carts c
            where c.shop_slug = ${shopSlug} and c.id <> ${exceptCartId} and ${same}
              and (c.status = 'confirmed' or (${inPayment}::boolean and c.status = 'in_payment' and c.expires_at > ${now.toISOString()}))) as carts,
          (select count(*)::int from previous_orders o
            where o.shop_slug = ${shopSlug} and ${address}::text <> '' and lower(trim(o.consumer_email)) = ${address}
              and o.cart_id is null) as previous`,
  );
  return Number(row?.carts ?? 0) + Number(row?.previous ?? 0);
};

/**
 * The account gate of placing an order, under the account lock: LoginRequired or MembershipNeeded in a member shop
 * without a member owner, OneMembershipPerAccount over one membership.
 */
export const holdOrderAccount = async (tx: Tx, shop: ShopRecord, cart: CartRow, now: Date): Promise<void> => {
  const account = cartOrderAccount(cart);
  if (account !== null) await lockOrderAccount(tx, shop.slug, account);
  const owner = cartOwner(cart);
  if (saleOf(shop.config).rules.membership) {
    if (owner === null) throw loginNeeded();
    assertMember(shop, owner);
  }
  const units = await membershipUnitsInCart(tx, cart, null);
  if (units === 0) return;
  const refused = membershipLineRefused({
    quantity: units,
    otherLinesInCart: 0,
    ...(owner === null ? {} : { account: await accountHoldings(tx, owner, cart.id, now, false) }),
  });
  if (refused) throw oneMembershipPerAccount();
};

/**
 * True when confirming this paid cart would exceed the shop's maxOrdersPerAccount (spec §6, §8 8001), counted under the
 * account lock; never for add-on carts or carts without an account.
 */
export const settlementOverAccountLimit = async (tx: Tx, cart: CartRow, now: Date): Promise<boolean> => {
  const account = cartOrderAccount(cart);
  if (account === null || cart.addOnReference !== null) return false;
  const [shop] = await queryRows<{ max: number | null }>(tx, sql`select (config->>'maxOrdersPerAccount')::int as max from shops where slug = ${cart.shopSlug}`);
  const max = shop?.max ?? null;
  if (max === null) return false;
  await lockOrderAccount(tx, cart.shopSlug, account);
  const email = (cart.details as { email?: unknown } | null)?.email;
  return (await accountOrderCount(tx, cart.shopSlug, account, typeof email === "string" ? email : undefined, cart.id, now, false)) >= max;
};
