CREATE TABLE "price_alerts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"terminal_id" text NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"departure_date" text NOT NULL,
	"return_date" text,
	"adults" integer NOT NULL,
	"children" integer NOT NULL,
	"infants" integer NOT NULL,
	"cabin" text NOT NULL,
	"route_key" text NOT NULL,
	"baseline_total" numeric(12, 2) NOT NULL,
	"drop_amount" numeric(12, 2) NOT NULL,
	"last_total" numeric(12, 2),
	"last_checked_at" timestamp with time zone,
	"last_mailed_total" numeric(12, 2),
	"confirm_token_hash" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribe_token_hash" text NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "price_alert_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "unsubscribe_url" text;--> statement-breakpoint
CREATE UNIQUE INDEX "price_alerts_email_route_idx" ON "price_alerts" USING btree ("email","route_key");--> statement-breakpoint
CREATE UNIQUE INDEX "price_alerts_confirm_token_idx" ON "price_alerts" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "price_alerts_unsubscribe_token_idx" ON "price_alerts" USING btree ("unsubscribe_token_hash");--> statement-breakpoint
CREATE INDEX "price_alerts_check_idx" ON "price_alerts" USING btree ("confirmed_at","last_checked_at");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_price_alert_id_price_alerts_id_fk" FOREIGN KEY ("price_alert_id") REFERENCES "public"."price_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_price_alert_idx" ON "mail_outbox" USING btree ("price_alert_id");