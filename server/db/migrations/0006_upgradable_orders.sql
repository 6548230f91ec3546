CREATE TABLE "upgradable_orders" (
	"shop_slug" text NOT NULL,
	"order_id" text NOT NULL,
	"access_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"processed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "upgradable_orders_shop_slug_order_id_pk" PRIMARY KEY("shop_slug","order_id")
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "upgrade_order_id" text;--> statement-breakpoint
ALTER TABLE "upgradable_orders" ADD CONSTRAINT "upgradable_orders_shop_slug_shops_slug_fk" FOREIGN KEY ("shop_slug") REFERENCES "public"."shops"("slug") ON DELETE cascade ON UPDATE no action;