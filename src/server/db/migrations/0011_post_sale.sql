CREATE TABLE "credit_accounts" (
	"account_id" text PRIMARY KEY NOT NULL,
	"terminal_id" text,
	"credit_limit" numeric(12, 2) NOT NULL,
	"debts" numeric(12, 2) DEFAULT 0 NOT NULL,
	"authorisation_margin" numeric(12, 2) DEFAULT 0 NOT NULL,
	"authorizers" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_accounts_terminal_id_unique" UNIQUE("terminal_id"),
	CONSTRAINT "credit_accounts_within_limit" CHECK ("credit_accounts"."debts" >= 0 and "credit_accounts"."debts" <= "credit_accounts"."credit_limit" + "credit_accounts"."authorisation_margin")
);
--> statement-breakpoint
CREATE TABLE "credit_ledger_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"purchase_id" uuid NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"authorizer_id" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_ledger_entries_purchase_id_unique" UNIQUE("purchase_id")
);
--> statement-breakpoint
CREATE TABLE "post_sale_purchases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"request_hash" text NOT NULL,
	"payment_type" text NOT NULL,
	"amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"status_code" integer,
	"errors" jsonb,
	"summary" jsonb,
	"answer" jsonb,
	"authorizer_id" text,
	"invoice" jsonb,
	"card" jsonb,
	"authorization_code" text,
	"credit_account_id" text,
	"outcome_session_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sold_baggages" (
	"booking_id" uuid NOT NULL,
	"flight_index" integer NOT NULL,
	"passenger_index" integer NOT NULL,
	"code" text NOT NULL,
	"purchase_id" uuid NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sold_baggages_booking_id_flight_index_passenger_index_code_pk" PRIMARY KEY("booking_id","flight_index","passenger_index","code")
);
--> statement-breakpoint
CREATE TABLE "sold_seats" (
	"flight_key" text NOT NULL,
	"seat" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"purchase_id" uuid,
	"segment_index" integer NOT NULL,
	"passenger_id" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sold_seats_flight_key_seat_pk" PRIMARY KEY("flight_key","seat")
);
--> statement-breakpoint
ALTER TABLE "credit_ledger_entries" ADD CONSTRAINT "credit_ledger_entries_account_id_credit_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."credit_accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger_entries" ADD CONSTRAINT "credit_ledger_entries_purchase_id_post_sale_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."post_sale_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_sale_purchases" ADD CONSTRAINT "post_sale_purchases_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sold_baggages" ADD CONSTRAINT "sold_baggages_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sold_baggages" ADD CONSTRAINT "sold_baggages_purchase_id_post_sale_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."post_sale_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sold_seats" ADD CONSTRAINT "sold_seats_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sold_seats" ADD CONSTRAINT "sold_seats_purchase_id_post_sale_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."post_sale_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "post_sale_purchases_booking_key_idx" ON "post_sale_purchases" USING btree ("booking_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "post_sale_purchases_booking_idx" ON "post_sale_purchases" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "sold_seats_booking_idx" ON "sold_seats" USING btree ("booking_id");