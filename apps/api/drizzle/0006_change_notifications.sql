-- Every server keeps short-lived copies of hot reads (session checks, horse lists and searches).
-- These triggers tell all of them, through NOTIFY on one channel, when the data behind such a copy
-- changed, whichever server or job made the change. NOTIFY is sent at commit, never for a
-- rolled-back transaction. The payload names what changed: 'horses' or 'sessions'.
CREATE OR REPLACE FUNCTION registry_notify_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('registry_changes', TG_ARGV[0]);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER horses_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON horses
  FOR EACH STATEMENT EXECUTE FUNCTION registry_notify_change('horses');
--> statement-breakpoint
CREATE TRIGGER horse_files_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON horse_files
  FOR EACH STATEMENT EXECUTE FUNCTION registry_notify_change('horses');
--> statement-breakpoint
CREATE TRIGGER payments_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payments
  FOR EACH STATEMENT EXECUTE FUNCTION registry_notify_change('horses');
--> statement-breakpoint
-- A new session invalidates nothing; a revoked, expired or deleted one, or a user whose access
-- changed (deactivated, role, all tokens ended), does.
CREATE TRIGGER sessions_notify_change AFTER UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION registry_notify_change('sessions');
--> statement-breakpoint
CREATE TRIGGER users_notify_change AFTER UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION registry_notify_change('sessions');
