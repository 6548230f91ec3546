ALTER TABLE "carts" ADD COLUMN "owner_issuer" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "owner_sub" text;--> statement-breakpoint
CREATE INDEX "carts_owner_idx" ON "carts" USING btree ("owner_sub","owner_issuer");