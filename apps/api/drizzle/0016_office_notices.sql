CREATE TABLE "office_digests" (
	"day" date PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "office_notices" text DEFAULT 'immediate' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_office_notices_check" CHECK ("users"."office_notices" in ('immediate', 'digest', 'off'));