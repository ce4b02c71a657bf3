-- The office dashboard's figures (modules/statistics) as counters kept by the writes themselves,
-- not grouped counts over whole tables (2.5 s at 1,000,000 horses; issue 30). Each insert,
-- update or delete of a member, horse or payment adds, in its own transaction, one delta row per
-- figure it changes to derived.statistic_deltas (inserts only: concurrent writers never wait on
-- one another, and no two tables' writes can deadlock over a shared counter row). The dashboard
-- folds the deltas into derived.statistic_counts and reads those: a few dozen rows whatever the
-- size of the register (docs/decisions/0112-scale-reads-at-a-million.md).
--
-- The schema "derived" is outside "public": a backup copies public tables only, and a restore
-- re-inserts every row through these triggers, which rebuild the counters from the rows.
-- Written by hand: drizzle-kit models neither triggers nor transition tables.
CREATE SCHEMA IF NOT EXISTS derived;
--> statement-breakpoint
-- metric: members (key active true|false), horses.approval, horses.payment, horses.month
-- (YYYY-MM of created_at, UTC), payments.status (n and cents), revenue.month (succeeded, by
-- YYYY-MM of updated_at, UTC), revenue.method (succeeded, by method).
CREATE TABLE derived.statistic_counts (
  metric text NOT NULL,
  key text NOT NULL,
  n bigint NOT NULL DEFAULT 0,
  cents bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (metric, key)
);
--> statement-breakpoint
CREATE TABLE derived.statistic_deltas (
  metric text NOT NULL,
  key text NOT NULL,
  n bigint NOT NULL,
  cents bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE FUNCTION derived.month_of(at timestamptz) RETURNS text
  LANGUAGE sql STABLE AS $$ SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM') $$;
--> statement-breakpoint
-- Each function reads the statement's changed rows (transition tables): old rows count -1, new
-- rows +1; an update that leaves a figure's key unchanged sums to 0 and writes nothing.
CREATE FUNCTION derived.count_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO derived.statistic_deltas (metric, key, n)
      SELECT 'members', active::text, count(*) FROM new_rows WHERE role = 'member' GROUP BY active;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO derived.statistic_deltas (metric, key, n)
      SELECT 'members', active::text, -count(*) FROM old_rows WHERE role = 'member' GROUP BY active;
  ELSE
    INSERT INTO derived.statistic_deltas (metric, key, n)
      SELECT 'members', active::text, sum(sign) FROM (
        SELECT -1 AS sign, active FROM old_rows WHERE role = 'member'
        UNION ALL SELECT 1, active FROM new_rows WHERE role = 'member') changed
      GROUP BY active HAVING sum(sign) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION derived.count_horses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO derived.statistic_deltas (metric, key, n)
      SELECT k.metric, k.key, sum(1) FROM new_rows h
      CROSS JOIN LATERAL (VALUES ('horses.approval', h.approval_status),
        ('horses.payment', h.payment_status), ('horses.month', derived.month_of(h.created_at))) k(metric, key)
      GROUP BY k.metric, k.key;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO derived.statistic_deltas (metric, key, n)
      SELECT k.metric, k.key, sum(-1) FROM old_rows h
      CROSS JOIN LATERAL (VALUES ('horses.approval', h.approval_status),
        ('horses.payment', h.payment_status), ('horses.month', derived.month_of(h.created_at))) k(metric, key)
      GROUP BY k.metric, k.key;
  ELSE
    INSERT INTO derived.statistic_deltas (metric, key, n)
      SELECT k.metric, k.key, sum(h.sign) FROM (
        SELECT -1 AS sign, approval_status, payment_status, created_at FROM old_rows
        UNION ALL SELECT 1, approval_status, payment_status, created_at FROM new_rows) h
      CROSS JOIN LATERAL (VALUES ('horses.approval', h.approval_status),
        ('horses.payment', h.payment_status), ('horses.month', derived.month_of(h.created_at))) k(metric, key)
      GROUP BY k.metric, k.key HAVING sum(h.sign) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A payment counts by status (with its cents); a succeeded one also as revenue of the month it
-- settled (updated_at) and of its method. The keys are null where a row does not count.
CREATE FUNCTION derived.count_payments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO derived.statistic_deltas (metric, key, n, cents)
    SELECT k.metric, k.key, sum(p.sign), sum(p.sign * p.amount_cents) FROM (SELECT 1 AS sign, status, amount_cents, updated_at, method FROM new_rows) p
    CROSS JOIN LATERAL (VALUES ('payments.status', p.status),
      ('revenue.month', CASE WHEN p.status = 'succeeded' THEN derived.month_of(p.updated_at) END),
      ('revenue.method', CASE WHEN p.status = 'succeeded' THEN p.method END)) k(metric, key)
    WHERE k.key IS NOT NULL
    GROUP BY k.metric, k.key HAVING sum(p.sign) <> 0 OR sum(p.sign * p.amount_cents) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO derived.statistic_deltas (metric, key, n, cents)
    SELECT k.metric, k.key, sum(p.sign), sum(p.sign * p.amount_cents) FROM (SELECT -1 AS sign, status, amount_cents, updated_at, method FROM old_rows) p
    CROSS JOIN LATERAL (VALUES ('payments.status', p.status),
      ('revenue.month', CASE WHEN p.status = 'succeeded' THEN derived.month_of(p.updated_at) END),
      ('revenue.method', CASE WHEN p.status = 'succeeded' THEN p.method END)) k(metric, key)
    WHERE k.key IS NOT NULL
    GROUP BY k.metric, k.key HAVING sum(p.sign) <> 0 OR sum(p.sign * p.amount_cents) <> 0;
  ELSE
    INSERT INTO derived.statistic_deltas (metric, key, n, cents)
    SELECT k.metric, k.key, sum(p.sign), sum(p.sign * p.amount_cents) FROM (
      SELECT -1 AS sign, status, amount_cents, updated_at, method FROM old_rows
      UNION ALL SELECT 1, status, amount_cents, updated_at, method FROM new_rows) p
    CROSS JOIN LATERAL (VALUES ('payments.status', p.status),
      ('revenue.month', CASE WHEN p.status = 'succeeded' THEN derived.month_of(p.updated_at) END),
      ('revenue.method', CASE WHEN p.status = 'succeeded' THEN p.method END)) k(metric, key)
    WHERE k.key IS NOT NULL
    GROUP BY k.metric, k.key HAVING sum(p.sign) <> 0 OR sum(p.sign * p.amount_cents) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- TRUNCATE is not counted: nothing in the application truncates these tables.
CREATE TRIGGER users_count_inserts AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION derived.count_members();
--> statement-breakpoint
CREATE TRIGGER users_count_updates AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION derived.count_members();
--> statement-breakpoint
CREATE TRIGGER users_count_deletes AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION derived.count_members();
--> statement-breakpoint
CREATE TRIGGER horses_count_inserts AFTER INSERT ON horses REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION derived.count_horses();
--> statement-breakpoint
CREATE TRIGGER horses_count_updates AFTER UPDATE ON horses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION derived.count_horses();
--> statement-breakpoint
CREATE TRIGGER horses_count_deletes AFTER DELETE ON horses REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION derived.count_horses();
--> statement-breakpoint
CREATE TRIGGER payments_count_inserts AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION derived.count_payments();
--> statement-breakpoint
CREATE TRIGGER payments_count_updates AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION derived.count_payments();
--> statement-breakpoint
CREATE TRIGGER payments_count_deletes AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION derived.count_payments();
--> statement-breakpoint
-- The counts of the rows already there (one grouped pass over each table, this once).
INSERT INTO derived.statistic_counts (metric, key, n)
  SELECT 'members', active::text, count(*) FROM users WHERE role = 'member' GROUP BY active;
--> statement-breakpoint
INSERT INTO derived.statistic_counts (metric, key, n)
  SELECT k.metric, k.key, count(*) FROM horses h
  CROSS JOIN LATERAL (VALUES ('horses.approval', h.approval_status),
    ('horses.payment', h.payment_status), ('horses.month', derived.month_of(h.created_at))) k(metric, key)
  GROUP BY k.metric, k.key;
--> statement-breakpoint
INSERT INTO derived.statistic_counts (metric, key, n, cents)
  SELECT k.metric, k.key, count(*), sum(p.amount_cents) FROM payments p
  CROSS JOIN LATERAL (VALUES ('payments.status', p.status),
    ('revenue.month', CASE WHEN p.status = 'succeeded' THEN derived.month_of(p.updated_at) END),
    ('revenue.method', CASE WHEN p.status = 'succeeded' THEN p.method END)) k(metric, key)
  WHERE k.key IS NOT NULL
  GROUP BY k.metric, k.key;
