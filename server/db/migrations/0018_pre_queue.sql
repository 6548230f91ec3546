ALTER TABLE "waiting_room_lines" ADD COLUMN "last_arrival" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "waiting_room_lines" ADD COLUMN "opened_for" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "waiting_room_arrivals" (
	"shop_slug" text NOT NULL,
	"arrival" integer NOT NULL,
	"ticket" integer,
	"arrived_at" timestamp with time zone NOT NULL,
	"shuffled_at" timestamp with time zone,
	CONSTRAINT "waiting_room_arrivals_shop_slug_arrival_pk" PRIMARY KEY("shop_slug","arrival")
);
--> statement-breakpoint
CREATE TABLE "waiting_room_identities" (
	"shop_slug" text NOT NULL,
	"identity" text NOT NULL,
	"place" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "waiting_room_identities_shop_slug_identity_pk" PRIMARY KEY("shop_slug","identity")
);
--> statement-breakpoint
CREATE INDEX "waiting_room_identities_expires_idx" ON "waiting_room_identities" USING btree ("expires_at");
