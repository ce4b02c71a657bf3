CREATE TABLE "association_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "horse_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"horse_id" uuid NOT NULL,
	"seller_id" uuid,
	"buyer_id" uuid,
	"buyer_email" text NOT NULL,
	"sale_date" date NOT NULL,
	"status" text DEFAULT 'awaiting_buyer' NOT NULL,
	"fee_cents" integer NOT NULL,
	"fee_payer" text NOT NULL,
	"seller_signature" text NOT NULL,
	"seller_signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"buyer_signature" text,
	"buyer_signed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text,
	"decided_at" timestamp with time zone,
	"decided_by_id" uuid,
	"ownership_transfer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "horse_transfers_status_check" CHECK ("horse_transfers"."status" in ('awaiting_buyer', 'awaiting_payment', 'awaiting_office', 'approved', 'rejected', 'declined', 'cancelled')),
	CONSTRAINT "horse_transfers_fee_payer_check" CHECK ("horse_transfers"."fee_payer" in ('seller', 'buyer')),
	CONSTRAINT "horse_transfers_fee_check" CHECK ("horse_transfers"."fee_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "transfer_id" uuid;--> statement-breakpoint
ALTER TABLE "association_settings" ADD CONSTRAINT "association_settings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horse_transfers" ADD CONSTRAINT "horse_transfers_horse_id_horses_id_fk" FOREIGN KEY ("horse_id") REFERENCES "public"."horses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horse_transfers" ADD CONSTRAINT "horse_transfers_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horse_transfers" ADD CONSTRAINT "horse_transfers_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horse_transfers" ADD CONSTRAINT "horse_transfers_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horse_transfers" ADD CONSTRAINT "horse_transfers_ownership_transfer_id_ownership_transfers_id_fk" FOREIGN KEY ("ownership_transfer_id") REFERENCES "public"."ownership_transfers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "horse_transfers_one_open_idx" ON "horse_transfers" USING btree ("horse_id") WHERE "horse_transfers"."status" in ('awaiting_buyer', 'awaiting_payment', 'awaiting_office');--> statement-breakpoint
CREATE INDEX "horse_transfers_horse_idx" ON "horse_transfers" USING btree ("horse_id","created_at");--> statement-breakpoint
CREATE INDEX "horse_transfers_seller_idx" ON "horse_transfers" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "horse_transfers_buyer_idx" ON "horse_transfers" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "horse_transfers_invited_idx" ON "horse_transfers" USING btree ("buyer_email") WHERE "horse_transfers"."buyer_id" is null;--> statement-breakpoint
CREATE INDEX "horse_transfers_status_created_idx" ON "horse_transfers" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_transfer_id_horse_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."horse_transfers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_live_per_transfer_idx" ON "payments" USING btree ("transfer_id") WHERE "payments"."transfer_id" is not null and "payments"."status" in ('requires_action', 'processing', 'succeeded', 'disputed');