CREATE TABLE "card_checkouts" (
	"session_key" text PRIMARY KEY NOT NULL,
	"purchase_number" text NOT NULL,
	"payment_order_number" text NOT NULL,
	"provider_code" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"authorization" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "card_checkouts_purchase_number_unique" UNIQUE("purchase_number")
);
--> statement-breakpoint
ALTER TABLE "card_checkouts" ADD CONSTRAINT "card_checkouts_payment_order_number_payment_orders_number_fk" FOREIGN KEY ("payment_order_number") REFERENCES "public"."payment_orders"("number") ON DELETE cascade ON UPDATE no action;