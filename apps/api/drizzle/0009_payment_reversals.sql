ALTER TABLE "horses" DROP CONSTRAINT "horses_payment_status_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
DROP INDEX "payments_one_live_per_horse_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reversal_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "mandate" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_live_per_horse_idx" ON "payments" USING btree ("horse_id") WHERE "payments"."status" in ('requires_action', 'processing', 'succeeded', 'disputed');--> statement-breakpoint
ALTER TABLE "horses" ADD CONSTRAINT "horses_payment_status_check" CHECK ("horses"."payment_status" in ('unpaid', 'processing', 'requires_action', 'paid', 'failed', 'refunded', 'disputed'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('requires_action', 'processing', 'succeeded', 'failed', 'canceled', 'refunded', 'disputed'));