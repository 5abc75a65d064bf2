CREATE TABLE "price_alert_recipients" (
	"email_canonical" text PRIMARY KEY NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_confirmation_at" timestamp with time zone,
	"mail_day" text,
	"mails_that_day" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "price_alerts_email_route_idx";--> statement-breakpoint
ALTER TABLE "price_alerts" ADD COLUMN "email_canonical" text;--> statement-breakpoint
-- The alerts made before (issue 36): their canonical address as domain/email-address.ts writes it.
UPDATE "price_alerts" SET "email_canonical" = CASE
	WHEN parts.domain IN ('gmail.com', 'googlemail.com') THEN replace(parts.local, '.', '') || '@gmail.com'
	ELSE parts.local || '@' || parts.domain
END
FROM (
	SELECT "id",
		CASE WHEN split_part(split_part(lower(trim("email")), '@', 1), '+', 1) = '' THEN split_part(lower(trim("email")), '@', 1)
			ELSE split_part(split_part(lower(trim("email")), '@', 1), '+', 1) END AS local,
		split_part(lower(trim("email")), '@', 2) AS domain
	FROM "price_alerts"
) AS parts
WHERE parts."id" = "price_alerts"."id";--> statement-breakpoint
-- Variants of one address on one route become one alert: the oldest stays.
DELETE FROM "price_alerts" AS later USING "price_alerts" AS earlier
WHERE later."email_canonical" = earlier."email_canonical" AND later."route_key" = earlier."route_key"
	AND (later."created_at", later."id") > (earlier."created_at", earlier."id");--> statement-breakpoint
-- An address that confirmed an alert before is a confirmed recipient.
INSERT INTO "price_alert_recipients" ("email_canonical", "confirmed_at", "created_at")
SELECT "email_canonical", min("confirmed_at"), min("created_at") FROM "price_alerts" WHERE "confirmed_at" IS NOT NULL GROUP BY "email_canonical";--> statement-breakpoint
ALTER TABLE "price_alerts" ALTER COLUMN "email_canonical" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "price_alerts_canonical_route_idx" ON "price_alerts" USING btree ("email_canonical","route_key");
