CREATE TABLE "hotel_cart_add_ons" (
	"cart_id" uuid NOT NULL,
	"addon_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"hotel_cart_id" text,
	CONSTRAINT "hotel_cart_add_ons_cart_id_addon_id_pk" PRIMARY KEY("cart_id","addon_id"),
	CONSTRAINT "hotel_cart_add_ons_quantity_positive" CHECK ("hotel_cart_add_ons"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "hotel_cart_extras" (
	"hotel_cart_id" uuid NOT NULL,
	"extra_id" text NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "hotel_cart_extras_hotel_cart_id_extra_id_pk" PRIMARY KEY("hotel_cart_id","extra_id"),
	CONSTRAINT "hotel_cart_extras_amount_positive" CHECK ("hotel_cart_extras"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "hotel_carts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"cart_id" uuid NOT NULL,
	"travel_id" text NOT NULL,
	"package_id" text NOT NULL,
	"option_id" text NOT NULL,
	"persons" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"shop_slug" text NOT NULL,
	"key" text NOT NULL,
	"cart_id" uuid NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_shop_slug_key_pk" PRIMARY KEY("shop_slug","key")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "previous_orders" (
	"shop_slug" text NOT NULL,
	"reference" text NOT NULL,
	"external_reference" uuid NOT NULL,
	"consumer_email" text NOT NULL,
	"cart_token" text NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "previous_orders_shop_slug_reference_pk" PRIMARY KEY("shop_slug","reference")
);
--> statement-breakpoint
CREATE TABLE "travel_extras" (
	"travel_id" text NOT NULL,
	"package_id" text NOT NULL,
	"id" text NOT NULL,
	"position" integer NOT NULL,
	"data" jsonb NOT NULL,
	"stock" integer NOT NULL,
	CONSTRAINT "travel_extras_travel_id_id_pk" PRIMARY KEY("travel_id","id"),
	CONSTRAINT "travel_extras_stock_non_negative" CHECK ("travel_extras"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "travel_options" (
	"travel_id" text NOT NULL,
	"package_id" text NOT NULL,
	"id" text NOT NULL,
	"position" integer NOT NULL,
	"data" jsonb NOT NULL,
	"stock" integer NOT NULL,
	CONSTRAINT "travel_options_travel_id_id_pk" PRIMARY KEY("travel_id","id"),
	CONSTRAINT "travel_options_stock_non_negative" CHECK ("travel_options"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "travel_packages" (
	"travel_id" text NOT NULL,
	"id" text NOT NULL,
	"position" integer NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "travel_packages_travel_id_id_pk" PRIMARY KEY("travel_id","id")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"shop_slug" text NOT NULL,
	"code" text NOT NULL,
	"discount_amount" integer,
	"discount_percent" integer,
	"single_use" boolean NOT NULL,
	"held_by_cart" uuid,
	"held_until" timestamp with time zone,
	"redeemed_by_cart" uuid,
	"redeemed_at" timestamp with time zone,
	CONSTRAINT "vouchers_shop_slug_code_pk" PRIMARY KEY("shop_slug","code")
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "cart_token" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "payment_queue_token" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "voucher_code" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "add_on_reference" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_reference" text;--> statement-breakpoint
ALTER TABLE "hotel_cart_add_ons" ADD CONSTRAINT "hotel_cart_add_ons_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_cart_extras" ADD CONSTRAINT "hotel_cart_extras_hotel_cart_id_hotel_carts_id_fk" FOREIGN KEY ("hotel_cart_id") REFERENCES "public"."hotel_carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_carts" ADD CONSTRAINT "hotel_carts_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "previous_orders" ADD CONSTRAINT "previous_orders_shop_slug_shops_slug_fk" FOREIGN KEY ("shop_slug") REFERENCES "public"."shops"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_shop_slug_shops_slug_fk" FOREIGN KEY ("shop_slug") REFERENCES "public"."shops"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hotel_carts_cart_idx" ON "hotel_carts" USING btree ("cart_id","travel_id");--> statement-breakpoint
CREATE INDEX "previous_orders_external_idx" ON "previous_orders" USING btree ("external_reference");--> statement-breakpoint
CREATE INDEX "previous_orders_email_idx" ON "previous_orders" USING btree ("consumer_email");