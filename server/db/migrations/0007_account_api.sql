CREATE TABLE "account_newsletter_signups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"email" text,
	"query" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_wishlists" (
	"account_id" text NOT NULL,
	"event_id" text NOT NULL,
	"year" integer NOT NULL,
	"preferences" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_wishlists_account_id_event_id_year_pk" PRIMARY KEY("account_id","event_id","year")
);
--> statement-breakpoint
CREATE INDEX "account_newsletter_signups_account_idx" ON "account_newsletter_signups" USING btree ("account_id");