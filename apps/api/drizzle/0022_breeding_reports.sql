CREATE TABLE "breeding_report_mares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"mare_horse_id" uuid,
	"mare_name" text NOT NULL,
	"mare_owner_name" text DEFAULT '' NOT NULL,
	"breeding_dates" date[] NOT NULL,
	"method" text NOT NULL,
	CONSTRAINT "breeding_report_mares_method_check" CHECK ("breeding_report_mares"."method" in ('live-cover', 'ai-fresh', 'ai-cooled', 'ai-frozen', 'embryo-transfer'))
);
--> statement-breakpoint
CREATE TABLE "breeding_report_versions" (
	"report_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"mares" jsonb NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "breeding_report_versions_report_id_version_pk" PRIMARY KEY("report_id","version")
);
--> statement-breakpoint
CREATE TABLE "breeding_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stallion_id" uuid NOT NULL,
	"season" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'filed' NOT NULL,
	"filed_by_id" uuid,
	"filed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by_id" uuid,
	"reviewed_version" integer,
	CONSTRAINT "breeding_reports_status_check" CHECK ("breeding_reports"."status" in ('filed', 'reviewed'))
);
--> statement-breakpoint
ALTER TABLE "horses" ADD COLUMN "breeding_mare_id" uuid;--> statement-breakpoint
ALTER TABLE "horses" ADD COLUMN "no_breeding_report" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "breeding_report_mares" ADD CONSTRAINT "breeding_report_mares_report_id_breeding_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."breeding_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breeding_report_mares" ADD CONSTRAINT "breeding_report_mares_mare_horse_id_horses_id_fk" FOREIGN KEY ("mare_horse_id") REFERENCES "public"."horses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breeding_report_versions" ADD CONSTRAINT "breeding_report_versions_report_id_breeding_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."breeding_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breeding_report_versions" ADD CONSTRAINT "breeding_report_versions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breeding_reports" ADD CONSTRAINT "breeding_reports_stallion_id_horses_id_fk" FOREIGN KEY ("stallion_id") REFERENCES "public"."horses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breeding_reports" ADD CONSTRAINT "breeding_reports_filed_by_id_users_id_fk" FOREIGN KEY ("filed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breeding_reports" ADD CONSTRAINT "breeding_reports_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "breeding_report_mares_report_idx" ON "breeding_report_mares" USING btree ("report_id","position");--> statement-breakpoint
CREATE INDEX "breeding_report_mares_mare_idx" ON "breeding_report_mares" USING btree ("mare_horse_id") WHERE "breeding_report_mares"."mare_horse_id" is not null;--> statement-breakpoint
CREATE INDEX "breeding_report_mares_name_idx" ON "breeding_report_mares" USING btree (lower(regexp_replace("mare_name", '[[:space:]]', '', 'g')));--> statement-breakpoint
CREATE UNIQUE INDEX "breeding_reports_stallion_season_idx" ON "breeding_reports" USING btree ("stallion_id","season");--> statement-breakpoint
CREATE INDEX "breeding_reports_season_idx" ON "breeding_reports" USING btree ("season","updated_at","id");--> statement-breakpoint
CREATE INDEX "breeding_reports_status_idx" ON "breeding_reports" USING btree ("status","updated_at","id");--> statement-breakpoint
ALTER TABLE "horses" ADD CONSTRAINT "horses_breeding_mare_id_breeding_report_mares_id_fk" FOREIGN KEY ("breeding_mare_id") REFERENCES "public"."breeding_report_mares"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "horses_no_breeding_report_idx" ON "horses" USING btree ("created_at","id") WHERE "horses"."no_breeding_report";--> statement-breakpoint
CREATE INDEX "horses_breeding_mare_idx" ON "horses" USING btree ("breeding_mare_id") WHERE "horses"."breeding_mare_id" is not null;