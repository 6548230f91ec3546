ALTER TABLE "previous_orders" ADD COLUMN "cart_id" uuid;
--> statement-breakpoint
CREATE UNIQUE INDEX "previous_orders_cart_idx" ON "previous_orders" USING btree ("cart_id");
