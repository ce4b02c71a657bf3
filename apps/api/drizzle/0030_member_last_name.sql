-- The office's Members search of a whole last name ("walker": 11,120 of 100,000 members) read
-- every match and sorted it for ten rows; this index holds those members in name order
-- (docs/decisions/0122-members-search-at-scale.md).
CREATE INDEX "users_member_last_name_idx" ON "users" USING btree (lower(coalesce("last_name", '')),(coalesce("last_name", '') collate "und-x-icu"),(coalesce("first_name", '') collate "und-x-icu"),"id") WHERE "users"."role" = 'member';