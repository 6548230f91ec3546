import { sql } from "drizzle-orm";
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** Shops (events): slug, Shop API namespace and token, chooser position, encoded ShopConfig (euros) as jsonb. spec §3 Shop config. */
export const shops = pgTable("shops", {
  slug: text("slug").primaryKey(),
  apiNamespace: text("api_namespace").notNull().unique(),
  shopToken: text("shop_token").notNull(),
  position: integer("position").notNull(),
  config: jsonb("config").notNull(),
});

/** Products per shop: encoded Product without stock (euros) as jsonb, plus the sellable stock (never negative). spec §3 Product. */
export const products = pgTable(
  "products",
  {
    shopSlug: text("shop_slug").notNull().references(() => shops.slug, { onDelete: "cascade" }),
    id: text("id").notNull(),
    position: integer("position").notNull(),
    data: jsonb("data").notNull(),
    stock: integer("stock").notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopSlug, t.id] }), check("products_stock_non_negative", sql`${t.stock} >= 0`)],
);

/** Carts: status shopping|in_payment|confirmed, expiry (holds end then), checkout details jsonb. spec §3 Cart, §4 Cart status. */
export const carts = pgTable("carts", {
  id: uuid("id").primaryKey(),
  shopSlug: text("shop_slug").notNull().references(() => shops.slug, { onDelete: "cascade" }),
  status: text("status").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  details: jsonb("details"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  /** Cart token of add-on and deep-link carts (header x-cart-token); null for ordinary carts. spec §6. */
  cartToken: text("cart_token"),
  /** The id (jti) of the payment queue token that admitted this cart (shops with a queueUrl), else null. spec §7 POST /carts. */
  paymentQueueToken: text("payment_queue_token"),
  /** Merchandise shipping country (two-letter code) chosen for this cart; null when none. spec §4 Shipping country change, §9. */
  shippingCountry: text("shipping_country"),
  /** The voucher code applied to this cart (see vouchers). spec §7 PUT /carts/{id}/vouchers. */
  voucherCode: text("voucher_code"),
  /** Order reference of the previous order an add-on cart extends. spec §3 Previous order. */
  addOnReference: text("add_on_reference"),
  /** Id of the upgradable order an upgrade cart upgrades (header x-upgradable-order-id at POST /carts); null otherwise. spec §3 upgradableOrder, §6. */
  upgradeOrderId: text("upgrade_order_id"),
  /**
   * Bumped by every transaction that locks the cart (lockCart) and by the optimistic hold, so an unchanged version
   * means nothing about the cart changed since it was read. docs/shop-api.md Stock.
   */
  version: integer("version").notNull().default(0),
  /** How many times the hold was extended (POST /carts/{id}/extend; domain hold-extension.ts extendHold). WCAG 2.2.1, spec §4 Countdown. */
  holdExtensions: integer("hold_extensions").notNull().default(0),
  /**
   * The account the cart belongs to (issuer and subject of the verified x-user-token it was made or first written
   * with); null for an anonymous cart. In a shop that needs a login only that account may call the cart. spec §6.
   */
  ownerIssuer: text("owner_issuer"),
  ownerSub: text("owner_sub"),
  /** When the cart's whole hold ends, however it is extended, ordered, canceled or failed (domain maxHoldSeconds); null: unbounded. */
  holdEndsAt: timestamp("hold_ends_at", { withTimezone: true }),
  /** SHA-256 of the client holding the cart: its account when logged in, else its address (never the address itself). */
  holder: text("holder"),
}, (t) => [index("carts_owner_idx").on(t.ownerSub, t.ownerIssuer), index("carts_holder_idx").on(t.shopSlug, t.holder)]);

/** Cart lines: product id and a positive quantity; each unit is a stock hold until confirmed or released. spec §3 Cart products. */
export const cartItems = pgTable(
  "cart_items",
  {
    cartId: uuid("cart_id").notNull().references(() => carts.id, { onDelete: "cascade" }),
    productId: text("product_id").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.productId] }), check("cart_items_quantity_positive", sql`${t.quantity} > 0`)],
);

/** Payments: one row per POST /orders; amount in cents; status open|paid|failed|canceled|pending|expired, settled once. spec §7 orders. */
export const payments = pgTable("payments", {
  id: uuid("id").primaryKey(),
  cartId: uuid("cart_id").notNull().references(() => carts.id, { onDelete: "cascade" }),
  provider: text("provider").notNull(),
  method: text("method").notNull(),
  status: text("status").notNull(),
  amount: integer("amount").notNull(),
  /** Where the browser returns after paying (the shop's payment status page). */
  redirectUri: text("redirect_uri").notNull(),
  /** The provider's payment page the browser is sent to. */
  paymentUri: text("payment_uri").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  settledAt: timestamp("settled_at", { withTimezone: true }),
  /** The provider's own reference (Adyen pspReference or payment link id); null for the test provider. */
  providerReference: text("provider_reference"),
  /** The visitor's language (en, nl, es) when the order was placed (POST /carts/{id}/orders `locale`); the order's mails are written in it. */
  locale: text("locale"),
  /** The product lines the payment pays for (product id -> quantity), so a success after the hold ended takes them again. */
  heldLines: jsonb("held_lines"),
  /** True when the paid cart held hotel rooms, extras or add-ons too. */
  heldTravel: boolean("held_travel").notNull().default(false),
});

/** Travel packages per travel id (shop config apiTravelId): encoded package (name, rating, category, occupation, dates, images) as jsonb. spec §3 Travel. */
export const travelPackages = pgTable(
  "travel_packages",
  {
    travelId: text("travel_id").notNull(),
    id: text("id").notNull(),
    position: integer("position").notNull(),
    data: jsonb("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.travelId, t.id] })],
);

/** Room options of a travel package: encoded option (title, price per person in euros, rooms) as jsonb and rooms left. spec §3 Travel. */
export const travelOptions = pgTable(
  "travel_options",
  {
    travelId: text("travel_id").notNull(),
    packageId: text("package_id").notNull(),
    id: text("id").notNull(),
    position: integer("position").notNull(),
    data: jsonb("data").notNull(),
    stock: integer("stock").notNull(),
  },
  (t) => [primaryKey({ columns: [t.travelId, t.id] }), check("travel_options_stock_non_negative", sql`${t.stock} >= 0`)],
);

/** Extras of a travel package (category extra | transfer | merchandise): encoded extra as jsonb and units left. spec §3 Travel. */
export const travelExtras = pgTable(
  "travel_extras",
  {
    travelId: text("travel_id").notNull(),
    packageId: text("package_id").notNull(),
    id: text("id").notNull(),
    position: integer("position").notNull(),
    data: jsonb("data").notNull(),
    stock: integer("stock").notNull(),
  },
  (t) => [primaryKey({ columns: [t.travelId, t.id] }), check("travel_extras_stock_non_negative", sql`${t.stock} >= 0`)],
);

/** A cart's hotel booking for one travel id: the chosen package and room option (one room held), persons and stay dates. spec §7 hotel cart. */
export const hotelCarts = pgTable(
  "hotel_carts",
  {
    id: uuid("id").primaryKey(),
    cartId: uuid("cart_id").notNull().references(() => carts.id, { onDelete: "cascade" }),
    travelId: text("travel_id").notNull(),
    packageId: text("package_id").notNull(),
    optionId: text("option_id").notNull(),
    persons: integer("persons").notNull(),
  },
  (t) => [index("hotel_carts_cart_idx").on(t.cartId, t.travelId)],
);

/** Extras booked on a hotel cart: extra id and a positive amount, each unit held from travel_extras.stock. spec §7 hotel extras. */
export const hotelCartExtras = pgTable(
  "hotel_cart_extras",
  {
    hotelCartId: uuid("hotel_cart_id").notNull().references(() => hotelCarts.id, { onDelete: "cascade" }),
    extraId: text("extra_id").notNull(),
    amount: integer("amount").notNull(),
  },
  (t) => [primaryKey({ columns: [t.hotelCartId, t.extraId] }), check("hotel_cart_extras_amount_positive", sql`${t.amount} > 0`)],
);

/** Add-ons to a previous order's hotel booking (addon_{reference}_{extraId}) in an add-on cart, with a positive quantity. spec §7 add-ons, §3. */
export const hotelCartAddOns = pgTable(
  "hotel_cart_add_ons",
  {
    cartId: uuid("cart_id").notNull().references(() => carts.id, { onDelete: "cascade" }),
    addonId: text("addon_id").notNull(),
    quantity: integer("quantity").notNull(),
    hotelCartId: text("hotel_cart_id"),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.addonId] }), check("hotel_cart_add_ons_quantity_positive", sql`${t.quantity} > 0`)],
);

/** Vouchers per shop: discount in cents or percent, single use or not; a hold by a cart until heldUntil, redemption on payment. spec §7 vouchers, §9. */
export const vouchers = pgTable(
  "vouchers",
  {
    shopSlug: text("shop_slug").notNull().references(() => shops.slug, { onDelete: "cascade" }),
    code: text("code").notNull(),
    /** Fixed discount in euro cents, or null. */
    discountAmount: integer("discount_amount"),
    /** Percentage discount (0-100), or null. */
    discountPercent: integer("discount_percent"),
    singleUse: boolean("single_use").notNull(),
    heldByCart: uuid("held_by_cart"),
    heldUntil: timestamp("held_until", { withTimezone: true }),
    redeemedByCart: uuid("redeemed_by_cart"),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.shopSlug, t.code] })],
);

/** Previous (confirmed) orders the add-on lookup finds by 9-digit reference, UUID external reference or e-mail; data is the encoded order. spec §3 Previous order. */
export const previousOrders = pgTable(
  "previous_orders",
  {
    shopSlug: text("shop_slug").notNull().references(() => shops.slug, { onDelete: "cascade" }),
    reference: text("reference").notNull(),
    externalReference: uuid("external_reference").notNull(),
    consumerEmail: text("consumer_email").notNull(),
    /** Cart token that authorises add-on carts for this order (header x-cart-token). */
    cartToken: text("cart_token").notNull(),
    data: jsonb("data").notNull(),
    /** The paid cart this order was recorded from at settlement (settle-payment.ts); null for orders imported or seeded. */
    cartId: uuid("cart_id"),
  },
  (t) => [
    primaryKey({ columns: [t.shopSlug, t.reference] }),
    index("previous_orders_external_idx").on(t.externalReference),
    index("previous_orders_email_idx").on(t.consumerEmail),
    uniqueIndex("previous_orders_cart_idx").on(t.cartId),
  ],
);

/** Idempotency-Key records of POST /carts/{id}/orders: the first answer (status, body) replayed for a repeated key. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    shopSlug: text("shop_slug").notNull(),
    key: text("key").notNull(),
    cartId: uuid("cart_id").notNull(),
    /** Hash of the request (path and body); the same key with another request is refused. */
    requestHash: text("request_hash").notNull(),
    status: integer("status").notNull(),
    response: jsonb("response").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopSlug, t.key] })],
);

/** Provider notifications already applied (provider, event id), so a redelivered event changes nothing. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    paymentId: uuid("payment_id").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** Transport requests sent from the compare-transport screen (POST /api/mail/transport-requests), kept for the mailer and the organiser. spec §7 Other calls "Mail". */
export const transportRequests = pgTable(
  "transport_requests",
  {
    id: uuid("id").primaryKey(),
    eventNamespace: text("event_namespace").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phoneNumber: text("phone_number"),
    persons: integer("persons").notNull(),
    departureCity: text("departure_city").notNull(),
    message: text("message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("transport_requests_event_idx").on(t.eventNamespace, t.createdAt), check("transport_requests_persons_range", sql`${t.persons} between 1 and 50`)],
);

/**
 * Upgradable orders per shop (spec §1, §3 upgradableOrder): the e-mail link's order and access ids, the encoded order
 * (cents) and whether an upgrade of it was paid.
 */
export const upgradableOrders = pgTable(
  "upgradable_orders",
  {
    shopSlug: text("shop_slug").notNull().references(() => shops.slug, { onDelete: "cascade" }),
    orderId: text("order_id").notNull(),
    accessId: text("access_id").notNull(),
    data: jsonb("data").notNull(),
    processed: boolean("processed").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.shopSlug, t.orderId] })],
);

/** Saved wishlists of single sign-on accounts (account API PUT /oidc/api/account/wishlists/{eventId}/{year}): preferences {products, totalAmount (euros), travelCart}. spec §3 Wishlist and pre-registration, §7. */
export const accountWishlists = pgTable(
  "account_wishlists",
  {
    accountId: text("account_id").notNull(),
    eventId: text("event_id").notNull(),
    year: integer("year").notNull(),
    preferences: jsonb("preferences").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.eventId, t.year] })],
);

/** Newsletter signups made through a single sign-on account (account API POST /oidc/api/account/newsletter): the e-mail or the page's query string. spec §7 Single sign-on actions. */
export const accountNewsletterSignups = pgTable(
  "account_newsletter_signups",
  {
    id: uuid("id").primaryKey(),
    accountId: text("account_id").notNull(),
    email: text("email"),
    query: text("query"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("account_newsletter_signups_account_idx").on(t.accountId)],
);

/**
 * Payment queue tokens already used for a cart (spec §3 queueUrl, §7 POST /carts paymentQueueToken): one row per
 * token id (jti), so a token opens one cart in every process; kept until the token expires, then swept.
 */
export const queueTokenUses = pgTable(
  "queue_token_uses",
  {
    tokenId: text("token_id").primaryKey(),
    shopSlug: text("shop_slug").notNull(),
    cartId: uuid("cart_id").notNull(),
    /** When the token itself expires (its exp claim): the row is swept some time after. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("queue_token_uses_expires_idx").on(t.expiresAt)],
);

/**
 * State of the development identity provider (oidc-provider's adapter rows: sessions, grants, codes, tokens) with
 * expiry, shared by every process so a login on one is a session on all. spec §6.
 */
export const identityProviderState = pgTable(
  "identity_provider_state",
  {
    model: text("model").notNull(),
    id: text("id").notNull(),
    payload: jsonb("payload").notNull(),
    grantId: text("grant_id"),
    uid: text("uid"),
    userCode: text("user_code"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index("identity_provider_state_grant_idx").on(t.grantId),
    index("identity_provider_state_uid_idx").on(t.model, t.uid),
    index("identity_provider_state_user_code_idx").on(t.model, t.userCode),
    index("identity_provider_state_expires_idx").on(t.expiresAt),
  ],
);

/**
 * Keys of the development identity provider when no setting gives them (server/identity/provider-keys.ts): `signing`
 * (a private JWKS) and `cookies` (the cookie signing secrets), each created once by whichever process starts first.
 */
export const identityProviderKeys = pgTable("identity_provider_keys", {
  name: text("name").primaryKey(),
  value: jsonb("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

/** Counters of the login throttle (rate-limiter-flexible's RateLimiterDrizzle table: key, points consumed, window expiry). server/identity/login-throttle.ts. */
export const loginThrottle = pgTable(
  "login_throttle",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull().default(0),
    expire: timestamp("expire", { withTimezone: true }),
  },
  (t) => [index("login_throttle_expire_idx").on(t.expire)],
);

/**
 * The waiting room's line per shop without Redis: tickets in arrival order, the admitted ones, and the token bucket
 * that admits QUEUE_ADMIT_PER_MINUTE. spec §3 queueUrl.
 */
export const waitingRoomLines = pgTable("waiting_room_lines", {
  shopSlug: text("shop_slug").primaryKey(),
  lastTicket: integer("last_ticket").notNull(),
  admitted: integer("admitted").notNull(),
  tokens: doublePrecision("tokens").notNull(),
  refilledAt: timestamp("refilled_at", { withTimezone: true }).notNull(),
  /** The newest arrival number handed out in the pre-queue (before the sale's opening). */
  lastArrival: integer("last_arrival").notNull().default(0),
  /** The opening whose pre-queue was shuffled into the line; null until the first. */
  openedFor: timestamp("opened_for", { withTimezone: true }),
});

/**
 * The pre-queue of a sale with an opening time (server/queue/postgres-waiting-line.ts): one row per arrival before the
 * opening, in arrival order; at the opening each gets its ticket from one CSPRNG shuffle, recorded here with its time.
 */
export const waitingRoomArrivals = pgTable(
  "waiting_room_arrivals",
  {
    shopSlug: text("shop_slug").notNull(),
    arrival: integer("arrival").notNull(),
    ticket: integer("ticket"),
    arrivedAt: timestamp("arrived_at", { withTimezone: true }).notNull(),
    shuffledAt: timestamp("shuffled_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.shopSlug, t.arrival] })],
);

/**
 * One place per identity in the line of a sale that needs login: `identity` is a SHA-256 of the account's issuer and
 * subject, `place` the place's subject (`{ticket}` or `a{arrival}`). Swept after expiresAt.
 */
export const waitingRoomIdentities = pgTable(
  "waiting_room_identities",
  {
    shopSlug: text("shop_slug").notNull(),
    identity: text("identity").notNull(),
    place: text("place").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopSlug, t.identity] }), index("waiting_room_identities_expires_idx").on(t.expiresAt)],
);

/**
 * The payment queue token handed to an admitted ticket of the waiting room, once (server/queue/postgres-waiting-line.ts):
 * coming back to the waiting room gives the same token, so one place opens one cart. Swept after expiresAt.
 */
export const waitingRoomRedemptions = pgTable(
  "waiting_room_redemptions",
  {
    shopSlug: text("shop_slug").notNull(),
    ticket: integer("ticket").notNull(),
    token: text("token").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopSlug, t.ticket] }), index("waiting_room_redemptions_expires_idx").on(t.expiresAt)],
);

/**
 * The waiting lists of sold-out add-ons: one entry per order and add-on, in line per extra; an offered entry holds one
 * reserved unit until offerExpiresAt. spec §1 add-on shop, §3 Previous order.
 */
export const addOnWaitingList = pgTable(
  "add_on_waiting_list",
  {
    seq: serial("seq").primaryKey(),
    shopSlug: text("shop_slug").notNull().references(() => shops.slug, { onDelete: "cascade" }),
    reference: text("reference").notNull(),
    addonId: text("addon_id").notNull(),
    travelId: text("travel_id").notNull(),
    extraId: text("extra_id").notNull(),
    /** The earlier order's e-mail: where an offer would be announced. */
    consumerEmail: text("consumer_email").notNull(),
    status: text("status").$type<"waiting" | "offered" | "expired">().notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull(),
    offerExpiresAt: timestamp("offer_expires_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("add_on_waiting_list_order_addon_idx").on(t.shopSlug, t.reference, t.addonId),
    index("add_on_waiting_list_line_idx").on(t.travelId, t.extraId, t.status, t.seq),
    check("add_on_waiting_list_status_known", sql`${t.status} in ('waiting', 'offered', 'expired')`),
    check("add_on_waiting_list_deadline_only_offered", sql`${t.offerExpiresAt} is null or ${t.status} = 'offered'`),
  ],
);

/** Per shop: minutes an add-on offer of the waiting list stays reserved (no row: DEFAULT_ADD_ON_OFFER_MINUTES, 30). */
export const addOnWaitingListSettings = pgTable(
  "add_on_waiting_list_settings",
  {
    shopSlug: text("shop_slug").primaryKey().references(() => shops.slug, { onDelete: "cascade" }),
    offerMinutes: integer("offer_minutes").notNull(),
  },
  (t) => [check("add_on_waiting_list_settings_offer_minutes_positive", sql`${t.offerMinutes} >= 1`)],
);

/**
 * The mail outbox (docs/mail.md): a row written in the transaction of its event, sent by any process under a lease and
 * retried with backoff; `id` is the stable Message-ID.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey(),
    dedupeKey: text("dedupe_key").notNull(),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    locale: text("locale").notNull(),
    facts: jsonb("facts").notNull(),
    status: text("status").$type<"pending" | "sent" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("mail_outbox_dedupe_idx").on(t.dedupeKey),
    index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt),
    check("mail_outbox_status_known", sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);
