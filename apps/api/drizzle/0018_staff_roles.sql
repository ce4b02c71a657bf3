ALTER TABLE "users" ADD COLUMN "staff_role" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
-- Every office account before staff roles could do everything: each becomes an administrator.
UPDATE "users" SET "staff_role" = 'administrator' WHERE "role" = 'admin';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_check" CHECK ("users"."staff_role" in ('administrator', 'registrar', 'treasurer', 'read-only'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_office_check" CHECK ("users"."staff_role" is null or "users"."role" = 'admin');
