CREATE TABLE "refunds_due" (
	"id" uuid PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"payment_order_number" text,
	"provider" text NOT NULL,
	"payment_reference" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "refunds_due_payment_reference_unique" UNIQUE("payment_reference")
);
--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "paid_by" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "quote" jsonb;--> statement-breakpoint
ALTER TABLE "refunds_due" ADD CONSTRAINT "refunds_due_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds_due" ADD CONSTRAINT "refunds_due_payment_order_number_payment_orders_number_fk" FOREIGN KEY ("payment_order_number") REFERENCES "public"."payment_orders"("number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_due_booking_idx" ON "refunds_due" USING btree ("booking_id");