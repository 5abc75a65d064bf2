ALTER TABLE "bookings" ADD COLUMN "supplier_order_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "supplier_order_status" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "supplier_order_error" text;--> statement-breakpoint
CREATE INDEX "bookings_supplier_order_idx" ON "bookings" USING btree ("supplier_order_status") WHERE "bookings"."supplier_order_status" in ('held', 'paid');