-- The members' registry search of a word many names contain ("star": 44,444 approved names at
-- 1,000,000 horses) walked the name-ordered index until ten matched (88,889 entries, matches
-- sort together) or collected every match and sorted it. derived.horse_name_words holds, for
-- each approved horse, the words of its approved name and each pair of neighbouring words,
-- with the name, number and id in the search's order: a search whose first words are such a
-- key reads the first rows of one index range, whatever the size of the register
-- (docs/decisions/0120-member-search-words.md). Kept by the writes (statement triggers with
-- transition tables, like derived.statistic_deltas in 0027); outside "public", so a backup
-- does not copy it and a restore rebuilds it through the triggers. Written by hand:
-- drizzle-kit models neither triggers nor functions.
CREATE SCHEMA IF NOT EXISTS derived;
--> statement-breakpoint
-- A name's words (runs of letters and digits, lower-cased) and each word with the next one,
-- joined by the text between them as written ("midnight star", "o'brien"): the keys a search
-- finds the name by.
CREATE FUNCTION derived.name_words(name text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT k FROM (
    SELECT m[1] AS word, m[2] AS gap, lead(m[1]) OVER (ORDER BY n) AS next
    FROM regexp_matches(lower(name), '([[:alnum:]]+)([^[:alnum:]]*)', 'g') WITH ORDINALITY AS w(m, n)
  ) words
  CROSS JOIN LATERAL (VALUES (word), (word || gap || next)) AS keys(k)
  WHERE k IS NOT NULL
$$;
--> statement-breakpoint
-- The key a search text looks up: its first word, or its first two words as name_words joins
-- them. Null when the text has no letter or digit.
CREATE FUNCTION derived.name_words_key(q text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN count(*) = 1 THEN min(word) ELSE string_agg(word || gap, '' ORDER BY n) END
  FROM (
    SELECT m[1] AS word, CASE WHEN n = 1 THEN m[2] ELSE '' END AS gap, n
    FROM regexp_matches(lower(q), '([[:alnum:]]+)([^[:alnum:]]*)', 'g') WITH ORDINALITY AS w(m, n)
    ORDER BY n LIMIT 2
  ) first_words
$$;
--> statement-breakpoint
CREATE TABLE derived.horse_name_words (
  key text NOT NULL,
  approved_name text NOT NULL,
  registration_number text,
  horse_id uuid NOT NULL
);
--> statement-breakpoint
INSERT INTO derived.horse_name_words (key, approved_name, registration_number, horse_id)
  SELECT k, h.approved_name, h.registration_number, h.id
  FROM horses h CROSS JOIN LATERAL derived.name_words(h.approved_name) AS k
  WHERE h.approval_status = 'approved' AND h.approved_name IS NOT NULL;
--> statement-breakpoint
CREATE INDEX horse_name_words_idx ON derived.horse_name_words
  (key, approved_name, registration_number, horse_id);
--> statement-breakpoint
CREATE FUNCTION derived.index_name_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO derived.horse_name_words (key, approved_name, registration_number, horse_id)
      SELECT k, n.approved_name, n.registration_number, n.id
      FROM new_rows n CROSS JOIN LATERAL derived.name_words(n.approved_name) AS k
      WHERE n.approval_status = 'approved' AND n.approved_name IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM derived.horse_name_words w
      USING old_rows o CROSS JOIN LATERAL derived.name_words(o.approved_name) AS k
      WHERE o.approval_status = 'approved' AND o.approved_name IS NOT NULL
        AND w.key = k AND w.approved_name = o.approved_name
        AND w.registration_number IS NOT DISTINCT FROM o.registration_number AND w.horse_id = o.id;
  ELSE
    -- Only the rows whose words or order keys changed (most updates touch neither).
    DELETE FROM derived.horse_name_words w
      USING old_rows o JOIN new_rows n ON n.id = o.id
        CROSS JOIN LATERAL derived.name_words(o.approved_name) AS k
      WHERE o.approval_status = 'approved' AND o.approved_name IS NOT NULL
        AND (n.approval_status, n.approved_name, n.registration_number)
          IS DISTINCT FROM (o.approval_status, o.approved_name, o.registration_number)
        AND w.key = k AND w.approved_name = o.approved_name
        AND w.registration_number IS NOT DISTINCT FROM o.registration_number AND w.horse_id = o.id;
    INSERT INTO derived.horse_name_words (key, approved_name, registration_number, horse_id)
      SELECT k, n.approved_name, n.registration_number, n.id
      FROM new_rows n JOIN old_rows o ON o.id = n.id
        CROSS JOIN LATERAL derived.name_words(n.approved_name) AS k
      WHERE n.approval_status = 'approved' AND n.approved_name IS NOT NULL
        AND (n.approval_status, n.approved_name, n.registration_number)
          IS DISTINCT FROM (o.approval_status, o.approved_name, o.registration_number);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER horses_name_words_inserts AFTER INSERT ON horses REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION derived.index_name_words();
--> statement-breakpoint
CREATE TRIGGER horses_name_words_updates AFTER UPDATE ON horses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION derived.index_name_words();
--> statement-breakpoint
CREATE TRIGGER horses_name_words_deletes AFTER DELETE ON horses REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION derived.index_name_words();
--> statement-breakpoint
ANALYZE derived.horse_name_words;
