CREATE TABLE "waiting_room_lines" (
	"shop_slug" text PRIMARY KEY NOT NULL,
	"last_ticket" integer NOT NULL,
	"admitted" integer NOT NULL,
	"tokens" double precision NOT NULL,
	"refilled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waiting_room_redemptions" (
	"shop_slug" text NOT NULL,
	"ticket" integer NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "waiting_room_redemptions_shop_slug_ticket_pk" PRIMARY KEY("shop_slug","ticket")
);
--> statement-breakpoint
CREATE INDEX "waiting_room_redemptions_expires_idx" ON "waiting_room_redemptions" USING btree ("expires_at");