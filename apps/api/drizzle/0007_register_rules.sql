ALTER TABLE "horses" ADD COLUMN "legacy_duplicate_name" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Names approved before they had to be unique: the first horse approved under a name keeps it
-- as the unique holder; later approved horses with the same name (ignoring case and whitespace)
-- are marked, so the index below can be built without renaming anything already registered.
UPDATE "horses" SET "legacy_duplicate_name" = true WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (
      PARTITION BY lower(regexp_replace("approved_name", '[[:space:]]', '', 'g'))
      ORDER BY "decided_at" NULLS LAST, "registration_number", "created_at", "id"
    ) AS "place"
    FROM "horses"
    WHERE "approval_status" = 'approved' AND "approved_name" IS NOT NULL
  ) AS "ranked" WHERE "place" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "horses_approved_name_unique_idx" ON "horses" USING btree (lower(regexp_replace("approved_name", '[[:space:]]', '', 'g'))) WHERE "horses"."approval_status" = 'approved' and not "horses"."legacy_duplicate_name";
