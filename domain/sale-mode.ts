/*
 * The sale modes of spec §1 (regular, member sale, travel sale, pre-registration, add-on shop, preview, upgrade), each
 * derived once from the shop config (spec §3 "Modes and flags") and given its rules in one exhaustive table, which the
 * web app's guards, countdown, pricing and checkout and the Shop API's gates all read. A new mode is a variant and a row.
 */

/** The shop config fields the sale is derived from (spec §3 Shop config); all optional, so a GET /shops summary derives too. */
export interface SaleConfig {
  readonly preregistration?: boolean | undefined;
  readonly previewMode?: boolean | undefined;
  readonly membersale?: boolean | undefined;
  readonly travelsale?: boolean | undefined;
  readonly loginRequired?: boolean | undefined;
  readonly membershipRequired?: boolean | undefined;
  readonly shopInit?: { readonly isAddOnShop: boolean } | undefined;
  readonly upgradableOrder?: object | undefined;
  readonly queueUrl?: string | undefined;
}

/** The sale mode of a shop (spec §1 sale modes), one of SALE_MODE_RULES' keys; the bus sale is a regular sale of bus products. */
export type SaleMode =
  | { readonly _tag: "Regular" }
  | { readonly _tag: "MemberSale" }
  | { readonly _tag: "TravelSale" }
  | { readonly _tag: "Preregistration" }
  | { readonly _tag: "Preview" }
  | { readonly _tag: "AddOnShop" }
  | { readonly _tag: "Upgrade" };

/** Who must be logged in: `account` (the Shop API refuses a cart call without one, 6004), `prompt` (the web app sends to /login, a cart token suffices), `none`. spec §2 Route guards, §6. */
export type SaleLogin = "account" | "prompt" | "none";

/** What a checkout does: `taken` (it places an order), `wishlist` (the cart is a wishlist, saved instead; spec §4 Wishlist save) or `none` (the shop shows its sale before it opens). spec §1. */
export type SaleOrder = "taken" | "wishlist" | "none";

/** The rules of one sale mode: who may shop, whether it takes orders, how long a cart is held and what the countdown shows. */
export interface SaleModeRules {
  readonly login: SaleLogin;
  /** Only an account with an active membership may shop (6005). spec §6 "the member shop". */
  readonly membership: boolean;
  readonly order: SaleOrder;
  /** A cart's hold in seconds, or `server` for the server's cart timeout. spec §3 Cart, §9. */
  readonly cartTimeoutSeconds: number | "server";
  /** The floating countdown bar and the "More time?" prompt show (spec §2 Other layers, §4 Countdown). */
  readonly countdown: boolean;
  /** The blocking message when the cart's time is up: 4004 in upgrade mode, else 6002 (spec §4 Countdown, §8). */
  readonly timesUpCode: 4004 | 6002;
  /** orderServiceFeeWishlist is added to the total (spec §9 "The pre-registration wishlist fee is added to the total"). */
  readonly wishlistFee: boolean;
}

/** Cart timeout of a pre-registration cart, in seconds. spec §3 Cart, §9. */
export const PREREGISTRATION_CART_TIMEOUT = 1200;

/** What a regular sale asks: nobody logs in, orders are taken, the server's timeout and the countdown apply. */
const SALE: SaleModeRules = { login: "none", membership: false, order: "taken", cartTimeoutSeconds: "server", countdown: true, timesUpCode: 6002, wishlistFee: false };

/** THE table from a sale mode to its rules: one row per mode, so a mode without a row does not compile. spec §1, §2, §3, §4, §6, §9. */
export const SALE_MODE_RULES = {
  Regular: SALE,
  MemberSale: { ...SALE, login: "account", membership: true },
  TravelSale: { ...SALE, login: "account" },
  Preregistration: { ...SALE, login: "account", order: "wishlist", cartTimeoutSeconds: PREREGISTRATION_CART_TIMEOUT, countdown: false, wishlistFee: true },
  Preview: { ...SALE, order: "none" },
  AddOnShop: { ...SALE, login: "prompt" },
  Upgrade: { ...SALE, timesUpCode: 4004 },
} as const satisfies Record<SaleMode["_tag"], SaleModeRules>;

/**
 * The sale mode of a config; with several mode flags the first of this order wins: the two that take no order
 * (a wishlist or a preview never sells), then the member and travel sales (a gate is never dropped), add-on shop, upgrade.
 */
export const saleModeOf = (config: SaleConfig): SaleMode => {
  if (config.preregistration) return { _tag: "Preregistration" };
  if (config.previewMode) return { _tag: "Preview" };
  if (config.membersale) return { _tag: "MemberSale" };
  if (config.travelsale) return { _tag: "TravelSale" };
  if (config.shopInit?.isAddOnShop) return { _tag: "AddOnShop" };
  return config.upgradableOrder === undefined ? { _tag: "Regular" } : { _tag: "Upgrade" };
};

/** A shop's waiting room (spec §3 queueUrl, §4 Countdown "goes to the queue address", §7 paymentQueueToken): none, or its address. */
export type SaleQueue = { readonly _tag: "NoQueue" } | { readonly _tag: "Queue"; readonly url: string };

/** A shop's sale: its mode, the mode's rules as this shop applies them, and its waiting room. */
export interface ShopSale {
  readonly mode: SaleMode;
  readonly rules: SaleModeRules;
  readonly queue: SaleQueue;
}

/**
 * The sale of a shop config: the mode's row with login and membership raised by the shop's own loginRequired and
 * membershipRequired, which add to any mode (spec §6), and the queue, which any mode may sit behind.
 */
export const saleOf = (config: SaleConfig): ShopSale => {
  const mode = saleModeOf(config);
  const row: SaleModeRules = SALE_MODE_RULES[mode._tag];
  const membership = row.membership || Boolean(config.membershipRequired);
  const login = membership || config.loginRequired ? "account" : row.login;
  return { mode, rules: { ...row, login, membership }, queue: config.queueUrl ? { _tag: "Queue", url: config.queueUrl } : { _tag: "NoQueue" } };
};

/** The wire field of a shop summary (GET /shops, spec §2 index route) that tells the event chooser the shop is in preview. */
export const summaryPreviewOf = (config: SaleConfig): { readonly previewMode: boolean } => ({ previewMode: config.previewMode === true });

/** A shop's cart timeout in seconds: the mode's own (pre-registration) or the server's `serverCartTimeoutSeconds`. A new cart, payment and an extension hold this long. */
export const cartTimeoutSecondsOf = (rules: Pick<SaleModeRules, "cartTimeoutSeconds">, serverCartTimeoutSeconds: number): number =>
  rules.cartTimeoutSeconds === "server" ? serverCartTimeoutSeconds : rules.cartTimeoutSeconds;

/**
 * Route guard (spec §2 Route guards, §6): a shop whose rules ask a login, with single sign-on initialised and nobody
 * logged in, sends the visitor to /login, unless the path already is /login.
 */
export const mustRedirectToLogin = (input: {
  readonly rules: Pick<SaleModeRules, "login">;
  readonly ssoInitialised: boolean;
  readonly loggedIn: boolean;
  readonly pathname: string;
}): boolean => input.rules.login !== "none" && input.ssoInitialised && !input.loggedIn && input.pathname.replace(/\/+$/, "") !== "/login";

/** True when a logged-in account may not shop in a member shop because its membership is not active (below 1): 6005. spec §6, §8 6005. */
export const membershipMissing = (input: { readonly rules: Pick<SaleModeRules, "membership">; readonly loggedIn: boolean; readonly membershipStatus: number }): boolean =>
  input.rules.membership && input.loggedIn && input.membershipStatus < 1;
