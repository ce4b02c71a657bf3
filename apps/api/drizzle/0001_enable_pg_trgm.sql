-- Trigram indexes make the horse search's contains-match (`lower(name) like '%q%'`) fast.
-- pg_trgm ships with PostgreSQL's contrib (Debian's postgresql package) and with PGlite, and is a
-- trusted extension (PostgreSQL 13+): a database owner may create it without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
