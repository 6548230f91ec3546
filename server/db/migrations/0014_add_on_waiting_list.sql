CREATE TABLE "add_on_waiting_list" (
	"seq" serial PRIMARY KEY NOT NULL,
	"shop_slug" text NOT NULL,
	"reference" text NOT NULL,
	"addon_id" text NOT NULL,
	"travel_id" text NOT NULL,
	"extra_id" text NOT NULL,
	"consumer_email" text NOT NULL,
	"status" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"offer_expires_at" timestamp with time zone,
	CONSTRAINT "add_on_waiting_list_status_known" CHECK ("add_on_waiting_list"."status" in ('waiting', 'offered', 'expired')),
	CONSTRAINT "add_on_waiting_list_deadline_only_offered" CHECK ("add_on_waiting_list"."offer_expires_at" is null or "add_on_waiting_list"."status" = 'offered')
);
--> statement-breakpoint
ALTER TABLE "add_on_waiting_list" ADD CONSTRAINT "add_on_waiting_list_shop_slug_shops_slug_fk" FOREIGN KEY ("shop_slug") REFERENCES "public"."shops"("slug") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "add_on_waiting_list_order_addon_idx" ON "add_on_waiting_list" USING btree ("shop_slug","reference","addon_id");
--> statement-breakpoint
CREATE INDEX "add_on_waiting_list_line_idx" ON "add_on_waiting_list" USING btree ("travel_id","extra_id","status","seq");
--> statement-breakpoint
CREATE TABLE "add_on_waiting_list_settings" (
	"shop_slug" text PRIMARY KEY NOT NULL,
	"offer_minutes" integer NOT NULL,
	CONSTRAINT "add_on_waiting_list_settings_offer_minutes_positive" CHECK ("add_on_waiting_list_settings"."offer_minutes" >= 1)
);
--> statement-breakpoint
ALTER TABLE "add_on_waiting_list_settings" ADD CONSTRAINT "add_on_waiting_list_settings_shop_slug_shops_slug_fk" FOREIGN KEY ("shop_slug") REFERENCES "public"."shops"("slug") ON DELETE cascade ON UPDATE no action;
