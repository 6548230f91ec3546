CREATE TABLE "queue_token_uses" (
	"token_id" text PRIMARY KEY NOT NULL,
	"shop_slug" text NOT NULL,
	"cart_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "queue_token_uses_expires_idx" ON "queue_token_uses" USING btree ("expires_at");