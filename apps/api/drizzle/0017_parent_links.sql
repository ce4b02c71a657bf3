ALTER TABLE "horses" ADD COLUMN "sire_horse_id" uuid;--> statement-breakpoint
ALTER TABLE "horses" ADD COLUMN "dam_horse_id" uuid;--> statement-breakpoint
ALTER TABLE "horses" ADD CONSTRAINT "horses_sire_horse_id_horses_id_fk" FOREIGN KEY ("sire_horse_id") REFERENCES "public"."horses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horses" ADD CONSTRAINT "horses_dam_horse_id_horses_id_fk" FOREIGN KEY ("dam_horse_id") REFERENCES "public"."horses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "horses_sire_horse_idx" ON "horses" USING btree ("sire_horse_id") WHERE "horses"."sire_horse_id" is not null;--> statement-breakpoint
CREATE INDEX "horses_dam_horse_idx" ON "horses" USING btree ("dam_horse_id") WHERE "horses"."dam_horse_id" is not null;