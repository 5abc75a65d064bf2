CREATE TABLE "payment_notifications" (
	"event_id" text PRIMARY KEY NOT NULL,
	"provider_code" integer NOT NULL,
	"event_type" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_paypal_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"status" text NOT NULL,
	"request" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_paypal_orders_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
CREATE TABLE "wallet_payments" (
	"payment_order_number" text PRIMARY KEY NOT NULL,
	"provider_code" integer NOT NULL,
	"provider_order_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_payments_provider_order_id_unique" UNIQUE("provider_order_id")
);
--> statement-breakpoint
ALTER TABLE "wallet_payments" ADD CONSTRAINT "wallet_payments_payment_order_number_payment_orders_number_fk" FOREIGN KEY ("payment_order_number") REFERENCES "public"."payment_orders"("number") ON DELETE cascade ON UPDATE no action;