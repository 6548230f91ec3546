import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import { type AnalyticsCustomer, type AnalyticsLine, analyticsItem, quantityChangeEvent } from "../../domain/analytics.ts";
import type { Analytics } from "../ports/analytics.port.ts";
import type { ConsentStore } from "../ports/consent-store.port.ts";
import { ANALYTICS, CONSENT_STORE } from "../ports/tokens.ts";

/** The shop's analytics settings: brand (ossBrand, else brand) and the tag manager container id. spec §3, §7. */
export interface AnalyticsShop {
  readonly brand: string;
  readonly tagManagerId?: string;
}

/**
 * The analytics of spec §7: view_cart on basket load, add_to_cart/remove_from_cart (plus the legacy
 * addToCart/removeFromCart) on quantity changes, begin_checkout with the customer after a successful details
 * update (and the hashed e-mail kept), add_payment_info on pay, purchase, upsellClick, and the tag manager script
 * only when the shop names a container. Consent decides what may leave the page (spec §2 Other layers "Cookie consent
 * dialog", §7): without the visitor's consent to analytics ("all") nothing personal is pushed (begin_checkout carries
 * no customer, no hashed e-mail is kept) and the tag manager is not loaded. Never fails.
 */
@injectable()
export class TrackAnalytics {
  constructor(
    @inject(ANALYTICS) private readonly analytics: Analytics,
    @inject(CONSENT_STORE) private readonly consent: ConsentStore,
  ) {}

  /** True when the visitor consented to analytics cookies ("all"); asked each time, so a later choice counts at once. */
  private consented(): boolean {
    return this.consent.get() === "all";
  }

  /** Loads the tag manager when the shop config names a container and the visitor consented to analytics. */
  start(shop: AnalyticsShop): Effect.Effect<void> {
    return this.consented() ? this.analytics.loadTagManager(shop.tagManagerId) : Effect.void;
  }

  /** view_cart with every basket line. */
  viewCart(shop: AnalyticsShop, lines: ReadonlyArray<AnalyticsLine>): Effect.Effect<void> {
    return this.analytics.track({ type: "view_cart", items: lines.map((l) => analyticsItem(l, shop.brand)) });
  }

  /** add_to_cart or remove_from_cart (and the legacy addToCart/removeFromCart) for a change from `from` to `to`; nothing when equal. */
  quantityChanged(shop: AnalyticsShop, line: AnalyticsLine, from: number, to: number): Effect.Effect<void> {
    const event = quantityChangeEvent(line, from, to, shop.brand);
    if (event === null) return Effect.void;
    const legacy = event.type === "add_to_cart" ? "addToCart" : "removeFromCart";
    return this.analytics.track(event).pipe(Effect.andThen(this.analytics.track({ type: legacy, items: event.items })));
  }

  /** begin_checkout and the legacy checkout (step 1); with consent to analytics also the customer and the hashed e-mail, without it neither. */
  beginCheckout(shop: AnalyticsShop, lines: ReadonlyArray<AnalyticsLine>, customer: AnalyticsCustomer): Effect.Effect<void> {
    const items = lines.map((l) => analyticsItem(l, shop.brand));
    const personal = this.consented();
    return Effect.all([
      personal ? this.analytics.rememberEmail(customer.email) : Effect.void,
      this.analytics.track(personal ? { type: "begin_checkout", items, customer } : { type: "begin_checkout", items }),
      this.analytics.track({ type: "checkout", items, step: 1 }),
    ]).pipe(Effect.asVoid);
  }

  /** add_payment_info with the chosen payment method uid. */
  addPaymentInfo(shop: AnalyticsShop, lines: ReadonlyArray<AnalyticsLine>, paymentType: string): Effect.Effect<void> {
    return this.analytics.track({ type: "add_payment_info", items: lines.map((l) => analyticsItem(l, shop.brand)), paymentType });
  }

  /** purchase with the order's transaction id. */
  purchase(shop: AnalyticsShop, lines: ReadonlyArray<AnalyticsLine>, transactionId: string): Effect.Effect<void> {
    return this.analytics.track({ type: "purchase", items: lines.map((l) => analyticsItem(l, shop.brand)), transactionId });
  }

  /** upsellClick for a product chosen in the upsell panel. */
  upsellClick(shop: AnalyticsShop, line: AnalyticsLine): Effect.Effect<void> {
    return this.analytics.track({ type: "upsellClick", items: [analyticsItem(line, shop.brand)] });
  }

  /** A page view (the UI calls it 250 ms after a route change). spec §2 Routes. */
  pageView(path: string): Effect.Effect<void> {
    return this.analytics.pageView(path);
  }
}
