-- The links that can point at a row of the same table, or round a loop of tables (a foal's
-- registered sire and dam; a foal's breeding line, whose report names the stallion and the mare
-- as horses), are checked at commit when a transaction defers them: a restore inserts rows in
-- table order and cannot order these (apps/api/src/ops/tables.ts). Outside such a transaction
-- they are checked at once, as before. drizzle-kit does not model DEFERRABLE, hence by hand.
ALTER TABLE "horses" ALTER CONSTRAINT "horses_sire_horse_id_horses_id_fk" DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
ALTER TABLE "horses" ALTER CONSTRAINT "horses_dam_horse_id_horses_id_fk" DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
ALTER TABLE "horses" ALTER CONSTRAINT "horses_breeding_mare_id_breeding_report_mares_id_fk" DEFERRABLE INITIALLY IMMEDIATE;
