CREATE TABLE "sandbox_card_charges" (
	"reference" text PRIMARY KEY NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"approved" boolean NOT NULL,
	"authorization_code" text,
	"description" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_sale_purchases" ADD COLUMN "pending" jsonb;