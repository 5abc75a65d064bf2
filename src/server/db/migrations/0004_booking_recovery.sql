CREATE TABLE "coupon_redemptions" (
	"code" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"traveller_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupon_redemptions_code_booking_id_traveller_key_pk" PRIMARY KEY("code","booking_id","traveller_key")
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_idempotency_key_unique";--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "idempotency_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_attempts" ADD COLUMN "window_started_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "max_uses" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "max_uses_per_traveller" integer;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_code_coupons_code_fk" FOREIGN KEY ("code") REFERENCES "public"."coupons"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_traveller_idx" ON "coupon_redemptions" USING btree ("code","traveller_key");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_session_idempotency_key_idx" ON "bookings" USING btree ("session_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "bookings_pnr_idx" ON "bookings" USING btree ("pnr");