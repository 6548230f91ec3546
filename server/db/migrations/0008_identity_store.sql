CREATE TABLE "identity_provider_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_provider_state" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"uid" text,
	"user_code" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "identity_provider_state_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "identity_provider_state_grant_idx" ON "identity_provider_state" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "identity_provider_state_uid_idx" ON "identity_provider_state" USING btree ("model","uid");--> statement-breakpoint
CREATE INDEX "identity_provider_state_user_code_idx" ON "identity_provider_state" USING btree ("model","user_code");--> statement-breakpoint
CREATE INDEX "identity_provider_state_expires_idx" ON "identity_provider_state" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "login_throttle_expire_idx" ON "login_throttle" USING btree ("expire");