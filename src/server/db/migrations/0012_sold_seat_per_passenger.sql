DROP INDEX "sold_seats_booking_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "sold_seats_passenger_idx" ON "sold_seats" USING btree ("booking_id","segment_index","passenger_id");