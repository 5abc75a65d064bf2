CREATE SEQUENCE "public"."booking_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 2345678 CACHE 1;--> statement-breakpoint
CREATE TABLE "booking_attempts" (
	"fingerprint" text PRIMARY KEY NOT NULL,
	"route" text NOT NULL,
	"attempts" integer NOT NULL,
	"last_status_code" integer NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"terminal_id" text NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"request_hash" text NOT NULL,
	"fingerprint" text NOT NULL,
	"route" text NOT NULL,
	"status" integer NOT NULL,
	"pnr" text,
	"order_id" text,
	"system_provider_code" integer NOT NULL,
	"payment_provider_code" integer NOT NULL,
	"payment_order_number" text,
	"currency" text DEFAULT 'USD' NOT NULL,
	"total_amount" numeric(12, 2),
	"totals" jsonb,
	"ticketing_time_limit" timestamp with time zone,
	"passengers" jsonb NOT NULL,
	"contact_email" text NOT NULL,
	"stored_card" jsonb,
	"is_agency" boolean NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bookings_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "bookings_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"percentage" boolean NOT NULL,
	"per_booking" boolean NOT NULL,
	"rph" text DEFAULT '' NOT NULL,
	"branded_fares" jsonb NOT NULL,
	"payment_type" integer,
	"apply" boolean NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"date" date NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"rate" numeric(10, 4) NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exchange_rates_date_base_quote_pk" PRIMARY KEY("date","base","quote")
);
--> statement-breakpoint
CREATE TABLE "insurance_plans" (
	"profile_id" text NOT NULL,
	"product_id" text NOT NULL,
	"zone" text NOT NULL,
	"family_name" text NOT NULL,
	"price_day" numeric(8, 2) NOT NULL,
	"attributes" jsonb NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "insurance_plans_profile_id_product_id_zone_pk" PRIMARY KEY("profile_id","product_id","zone")
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"number" text PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"provider_code" integer NOT NULL,
	"url" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_fingerprint_idx" ON "bookings" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "bookings_session_idx" ON "bookings" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "payment_orders_status_expiry_idx" ON "payment_orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "payment_orders_booking_idx" ON "payment_orders" USING btree ("booking_id");