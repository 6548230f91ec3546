CREATE TABLE "transport_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_namespace" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"persons" integer NOT NULL,
	"departure_city" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "transport_requests_persons_range" CHECK ("transport_requests"."persons" between 1 and 50)
);
--> statement-breakpoint
CREATE INDEX "transport_requests_event_idx" ON "transport_requests" USING btree ("event_namespace","created_at");