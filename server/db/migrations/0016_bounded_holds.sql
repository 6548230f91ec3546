ALTER TABLE "carts" ADD COLUMN "hold_ends_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "carts" SET "hold_ends_at" = greatest("expires_at", "created_at" + interval '9900 seconds');
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "holder" text;
--> statement-breakpoint
CREATE INDEX "carts_holder_idx" ON "carts" USING btree ("shop_slug","holder");
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "held_lines" jsonb;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "held_travel" boolean DEFAULT false NOT NULL;
