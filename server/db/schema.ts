import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

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
});

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
});
