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
 * The gate of POST /carts (spec §6): in a shop that needs a login, 403 6004 without an account; in a member shop,
 * 403 6005 when the account's membership (server/identity/account-membership.ts, never the request body) is not
 * active. Answers the new cart's owner columns (null for an anonymous cart in a shop without login).
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
 * The shop access timeslot gate of POST /carts and of adding products (spec §6 "Shop access timeslots apply (3003)"):
 * 403 3003 when the shop has accessTimeslots and none of the caller's is open at `now` but one is ahead, 403 4000
 * (shop closed) when none is ahead either (domain accessRefusal). The caller's membership level comes from the account's membership (never the request); an anonymous caller has the
 * waves open to everyone only.
 */
export const assertAccessTimeslot = (shop: ShopRecord, identity: UserIdentity | undefined, now: Date): void => {
  const refusal = accessRefusalFor(shop, identity, now);
  if (refusal?.code === "3003") throw outsideAccessTimeslot(refusal.opensAt);
  if (refusal?.code === "4000") throw shopClosed();
};

/** The caller's access refusal at `now` (domain accessRefusal over the shop's timeslots and the account's membership level), or null when the shop is open to them. spec §6, §8 3003/4000. */
const accessRefusalFor = (shop: ShopRecord, identity: UserIdentity | undefined, now: Date): AccessRefusal | null => {
  const slots = shop.accessTimeslots ?? [];
  if (slots.length === 0) return null;
  const account = accountOf(identity);
  const membership = account === null ? null : accountMembership(account.sub);
  const level = membership !== null && membership.status >= 1 ? membership.level : null;
  return accessRefusal(slots, level, now);
};

/** The answer of GET /shop/access: `closed` when the caller's every access timeslot has ended (or none is theirs), so each cart call would be refused with 4000. spec §6, §8 4000. */
export const shopAccessOf = (shop: ShopRecord, identity: UserIdentity | undefined, now: Date): { readonly closed: boolean } => ({
  closed: accessRefusalFor(shop, identity, now)?.code === "4000",
});

/** 403 6005 when the shop's sale rules ask a membership and `account` has no active membership. spec §6. */
const assertMember = (shop: ShopRecord, account: AccountRef): void => {
  if (membershipMissing({ rules: saleOf(shop.config).rules, loggedIn: true, membershipStatus: accountMembership(account.sub).status })) throw membershipNeeded();
};

/** 403 order.not.offered where the shop's sale rules take no order (a pre-registration's wishlist, a preview). spec §1. */
export const assertShopTakesOrders = (shop: ShopRecord): void => {
  const { order } = saleOf(shop.config).rules;
  if (order !== "taken") throw orderNotOffered(order);
};

/**
 * Memberships held by the account's OTHER carts and orders, in any shop (a membership is the account's, not an
 * event's): confirmed carts, carts in payment that have not expired, and with `shopping` unexpired shopping carts too.
 * Counts carts (a cart with two membership lines is one). spec §6 "One membership per account".
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
 * The gate of PUT /carts/{id}/products for a membership product (domain membershipLineRefused): 409 3005 for a
 * quantity above 1, another membership line in the cart, or an account (the cart's owner, else the caller) that has a
 * membership or holds one in another shopping, paying or confirmed cart. Other products pass without a query.
 * Concurrent adds to two carts are caught again when ordering (holdOrderAccount, under the account lock). spec §6, §8 3005.
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
 * Serialises, until the transaction ends, every order and settlement of one account in one shop (a PostgreSQL
 * transaction-level advisory lock on the shop and the account key), so two of them never both count the other as
 * not yet there. Taken after the cart (and payment) locks; nothing takes a cart lock while holding it.
 */
export const lockOrderAccount = async (tx: Tx, shopSlug: string, account: OrderAccount): Promise<void> => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${shopSlug}), hashtext(${lockKey(account)}))`);
};

/** The OrderAccount of a cart row: its owner, else its checkout e-mail (domain orderAccountOf). */
export const cartOrderAccount = (cart: Pick<CartRow, "ownerIssuer" | "ownerSub" | "details">): OrderAccount | null =>
  orderAccountOf(cartOwner(cart), (cart.details as { email?: unknown } | null)?.email as string | undefined);

/**
 * Orders of the cart's account in the shop, leaving out `exceptCartId`: confirmed carts of the account (its owner, or
 * for an anonymous cart every cart whose checkout e-mail matches, trimmed and case-insensitively), with `inPayment`
 * unexpired carts in payment too, plus the shop's previous orders of that e-mail not recorded from one of those carts
 * (order-records.ts). spec §6 maxOrdersPerAccount.
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
 * The account gate of POST /carts/{id}/orders, inside the order's transaction with the cart locked: takes the account
 * lock (lockOrderAccount), then refuses 403 6004 / 6005 in a member shop whose cart has no member owner, and 409 3005
 * when the cart's memberships are more than one or its owner already has one (account, another cart in payment, an
 * order). maxOrdersPerAccount is decided after it by the cart's checkoutErrors (accountCheckoutErrors), under the lock.
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
 * True when confirming this paid cart would go over the shop's maxOrdersPerAccount (spec §6, §8 8001): takes the
 * account lock, then counts the account's confirmed orders besides this cart. Add-on carts (extending an order) and
 * carts without an account (no owner, no e-mail) are never over. Called by the settlement before it confirms.
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
