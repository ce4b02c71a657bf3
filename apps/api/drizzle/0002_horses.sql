CREATE TABLE "horse_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"horse_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"slot" text DEFAULT '' NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "horse_files_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "horse_files_kind_check" CHECK ("horse_files"."kind" in ('registrationDocument', 'performanceDocument', 'markingDocument', 'registryPaperwork', 'pedigreePaperwork', 'ownerSignature'))
);
--> statement-breakpoint
CREATE TABLE "horses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"approved_name" text,
	"first_choice" text NOT NULL,
	"second_choice" text NOT NULL,
	"third_choice" text NOT NULL,
	"registration_number" text,
	"approval_status" text DEFAULT 'pending' NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"payment_mode" text,
	"verified" text DEFAULT 'No' NOT NULL,
	"sex" text NOT NULL,
	"color" text NOT NULL,
	"gait_designation" text DEFAULT '' NOT NULL,
	"state_foaled_in" text NOT NULL,
	"sire_name" text DEFAULT '' NOT NULL,
	"dam_name" text DEFAULT '' NOT NULL,
	"foal_date" date NOT NULL,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "horses_registration_number_unique" UNIQUE("registration_number"),
	CONSTRAINT "horses_approval_status_check" CHECK ("horses"."approval_status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "horses_payment_status_check" CHECK ("horses"."payment_status" in ('unpaid', 'processing', 'requires_action', 'paid', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "horse_files" ADD CONSTRAINT "horse_files_horse_id_horses_id_fk" FOREIGN KEY ("horse_id") REFERENCES "public"."horses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horses" ADD CONSTRAINT "horses_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "horse_files_horse_idx" ON "horse_files" USING btree ("horse_id","kind","slot");--> statement-breakpoint
CREATE INDEX "horses_owner_created_idx" ON "horses" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "horses_status_created_idx" ON "horses" USING btree ("approval_status","created_at");--> statement-breakpoint
CREATE INDEX "horses_approved_name_trgm_idx" ON "horses" USING gin (lower("approved_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "horses_registration_number_trgm_idx" ON "horses" USING gin (lower("registration_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "horses_sire_name_trgm_idx" ON "horses" USING gin (lower("sire_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "horses_dam_name_trgm_idx" ON "horses" USING gin (lower("dam_name") gin_trgm_ops);