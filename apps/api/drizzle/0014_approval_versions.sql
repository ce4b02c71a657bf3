CREATE TABLE "horse_revisions" (
	"horse_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "horse_revisions_horse_id_version_pk" PRIMARY KEY("horse_id","version")
);
--> statement-breakpoint
DROP INDEX "payments_one_live_per_horse_idx";--> statement-breakpoint
ALTER TABLE "horse_change_requests" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "horses" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "covers" text DEFAULT 'registration' NOT NULL;--> statement-breakpoint
-- Payments made before this migration paid the fee lines their fees record lists.
UPDATE "payments" SET "covers" = coalesce((SELECT string_agg(l.line->>'key', '+' ORDER BY l.ord) FROM jsonb_array_elements(CASE WHEN jsonb_typeof("payments"."fees"->'lines') = 'array' THEN "payments"."fees"->'lines' ELSE '[]'::jsonb END) WITH ORDINALITY AS l(line, ord)), 'registration');--> statement-breakpoint
ALTER TABLE "horse_revisions" ADD CONSTRAINT "horse_revisions_horse_id_horses_id_fk" FOREIGN KEY ("horse_id") REFERENCES "public"."horses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horse_revisions" ADD CONSTRAINT "horse_revisions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_live_per_horse_idx" ON "payments" USING btree ("horse_id","covers") WHERE "payments"."status" in ('requires_action', 'processing', 'succeeded', 'disputed');