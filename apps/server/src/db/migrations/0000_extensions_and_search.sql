-- Extensions and French full-text search (custom migration, runs before the tables that use them).
-- Both extensions are "trusted" (PostgreSQL 13+): a database owner can create them; PGlite loads them
-- from @electric-sql/pglite/contrib.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Accent-insensitive French configuration: unaccent first, then the French stemmer.
-- Used by the generated search_vector columns as the constant 'fr_unaccent'::regconfig (immutable).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'fr_unaccent') THEN
    CREATE TEXT SEARCH CONFIGURATION fr_unaccent ( COPY = pg_catalog.french );
    ALTER TEXT SEARCH CONFIGURATION fr_unaccent
      ALTER MAPPING FOR hword, hword_part, word WITH unaccent, french_stem;
  END IF;
END
$$;
--> statement-breakpoint
-- unaccent() is only STABLE (it depends on search_path); this wrapper pins the dictionary so it
-- can be used in index expressions, e.g. the trigram indexes on f_unaccent(lower(title)).
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $func$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $func$;
