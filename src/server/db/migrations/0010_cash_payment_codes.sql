CREATE TABLE "cash_payment_codes" (
	"payment_order_number" text PRIMARY KEY NOT NULL,
	"provider_code" integer NOT NULL,
	"cip" text NOT NULL,
	"cip_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cash_payment_codes_cip_unique" UNIQUE("cip")
);
--> statement-breakpoint
ALTER TABLE "cash_payment_codes" ADD CONSTRAINT "cash_payment_codes_payment_order_number_payment_orders_number_fk" FOREIGN KEY ("payment_order_number") REFERENCES "public"."payment_orders"("number") ON DELETE cascade ON UPDATE no action;