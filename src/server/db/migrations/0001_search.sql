CREATE TABLE "agency_api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"terminal_id" text NOT NULL,
	"key_hash" text NOT NULL,
	"label" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "markup_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"terminal_id" text NOT NULL,
	"name" text NOT NULL,
	"payment_method" integer,
	"airline_code" text,
	"value" double precision NOT NULL,
	"per_booking" boolean NOT NULL,
	"percentage" boolean NOT NULL,
	"applies_to_base" boolean NOT NULL,
	"passenger_types" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agency_api_keys" ADD CONSTRAINT "agency_api_keys_terminal_id_engines_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."engines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markup_rules" ADD CONSTRAINT "markup_rules_terminal_id_engines_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."engines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agency_api_keys_terminal_idx" ON "agency_api_keys" USING btree ("terminal_id");--> statement-breakpoint
CREATE INDEX "markup_rules_terminal_idx" ON "markup_rules" USING btree ("terminal_id");