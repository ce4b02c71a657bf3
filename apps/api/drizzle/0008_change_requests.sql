CREATE TABLE "horse_change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"horse_id" uuid NOT NULL,
	"requested_by_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed" jsonb NOT NULL,
	"changes" jsonb NOT NULL,
	"reason" text,
	"decided_at" timestamp with time zone,
	"decided_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "horse_change_requests_status_check" CHECK ("horse_change_requests"."status" in ('pending', 'approved', 'rejected', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "horse_change_requests" ADD CONSTRAINT "horse_change_requests_horse_id_horses_id_fk" FOREIGN KEY ("horse_id") REFERENCES "public"."horses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horse_change_requests" ADD CONSTRAINT "horse_change_requests_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horse_change_requests" ADD CONSTRAINT "horse_change_requests_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "horse_change_requests_pending_idx" ON "horse_change_requests" USING btree ("horse_id") WHERE "horse_change_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "horse_change_requests_status_created_idx" ON "horse_change_requests" USING btree ("status","created_at");--> statement-breakpoint
-- A pending change shows in the owner's horse lists, which servers keep short-lived copies of
-- (0006): a change request changing tells them like a horse changing does.
CREATE TRIGGER horse_change_requests_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON horse_change_requests
  FOR EACH STATEMENT EXECUTE FUNCTION registry_notify_change('horses');
