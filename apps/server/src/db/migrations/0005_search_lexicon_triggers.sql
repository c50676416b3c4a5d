-- Site search, typo tolerance (modules/search): search_lexicon holds every lexeme of the published
-- content with the number of published documents containing it. A query word that is not a lexeme
-- is corrected against it (one edit), then the full-text query runs with the corrected lexemes.
--
-- Kept exact by statement-level triggers with transition tables (one per event: PostgreSQL allows
-- transition tables only on single-event triggers): each INSERT, UPDATE or DELETE statement adds
-- or removes the lexemes of the rows it made visible or invisible, whatever its row count (a seed
-- of 500 rows is one statement). TRUNCATE rebuilds. The visibility rule of each table is the
-- trigger's argument ($row is the row); search_lexicon_rebuild() repeats the same rules, and the
-- 'search.rebuild-lexicon' job calls it nightly as a safety net.
CREATE OR REPLACE FUNCTION search_lexicon_rebuild() RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM search_lexicon;
  INSERT INTO search_lexicon (lexeme, ndoc)
  SELECT word, ndoc FROM ts_stat($q$
    SELECT search_vector FROM posts WHERE moderation_status = 'published'
    UNION ALL SELECT search_vector FROM events WHERE moderation_status = 'published'
    UNION ALL SELECT search_vector FROM initiatives WHERE moderation_status = 'published'
    UNION ALL SELECT search_vector FROM food_procedures WHERE moderation_status = 'published'
    UNION ALL SELECT search_vector FROM resources WHERE moderation_status = 'published'
    UNION ALL SELECT search_vector FROM contacts
      WHERE moderation_status = 'published' AND display_in_directory
    UNION ALL SELECT search_vector FROM glossary_entries
    UNION ALL SELECT search_vector FROM faq_items
  $q$);
END;
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_lexicon_count() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  visible_old text := replace(coalesce(TG_ARGV[0], 'true'), '$row', 'o');
  visible_new text := replace(coalesce(TG_ARGV[0], 'true'), '$row', 'n');
  deltas text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM search_lexicon_rebuild();
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    deltas := format(
      'SELECT u.lexeme, 1 AS delta FROM new_rows n, unnest(n.search_vector) u WHERE %s',
      visible_new);
  ELSIF TG_OP = 'DELETE' THEN
    deltas := format(
      'SELECT u.lexeme, -1 AS delta FROM old_rows o, unnest(o.search_vector) u WHERE %s',
      visible_old);
  ELSE
    -- Only the rows whose words or visibility changed (a moderation or an edit, not a touch).
    deltas := format($q$
      WITH changed AS (
        SELECT o.search_vector AS old_vector, (%1$s) AS old_visible,
               n.search_vector AS new_vector, (%2$s) AS new_visible
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.search_vector IS DISTINCT FROM n.search_vector
           OR (%1$s) IS DISTINCT FROM (%2$s)
      )
      SELECT u.lexeme, -1 AS delta FROM changed c, unnest(c.old_vector) u WHERE c.old_visible
      UNION ALL
      SELECT u.lexeme, 1 AS delta FROM changed c, unnest(c.new_vector) u WHERE c.new_visible
    $q$, visible_old, visible_new);
  END IF;
  EXECUTE format($q$
    INSERT INTO search_lexicon AS l (lexeme, ndoc)
    SELECT lexeme, sum(delta)::int FROM (%s) d GROUP BY lexeme HAVING sum(delta) <> 0
    ON CONFLICT (lexeme) DO UPDATE SET ndoc = l.ndoc + excluded.ndoc
  $q$, deltas);
  -- Through the partial index search_lexicon_unused_idx: usually nothing to read.
  DELETE FROM search_lexicon WHERE ndoc <= 0;
  RETURN NULL;
END;
$fn$;
--> statement-breakpoint
CREATE TRIGGER search_lexicon_insert AFTER INSERT ON "posts"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count('$row.moderation_status = ''published''');
--> statement-breakpoint
CREATE TRIGGER search_lexicon_update AFTER UPDATE ON "posts"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count('$row.moderation_status = ''published''');
--> statement-breakpoint
CREATE TRIGGER search_lexicon_delete AFTER DELETE ON "posts"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count('$row.moderation_status = ''published''');
--> statement-breakpoint
CREATE TRIGGER search_lexicon_truncate AFTER TRUNCATE ON "posts"
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count();
--> statement-breakpoint
CREATE TRIGGER search_lexicon_insert AFTER INSERT ON "events"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count('$row.moderation_status = ''published''');
--> statement-breakpoint
CREATE TRIGGER search_lexicon_update AFTER UPDATE ON "events"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count('$row.moderation_status = ''published''');
--> statement-breakpoint
CREATE TRIGGER search_lexicon_delete AFTER DELETE ON "events"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count('$row.moderation_status = ''published''');
--> statement-breakpoint
CREATE TRIGGER search_lexicon_truncate AFTER TRUNCATE ON "events"
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count();
--> statement-breakpoint
CREATE TRIGGER search_lexicon_insert AFTER INSERT ON "initiatives"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count('$row.moderation_status = ''published''');
--> statement-breakpoint
CREATE TRIGGER search_lexicon_update AFTER UPDATE ON "initiatives"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count('$row.moderation_status = ''published''');
--> statement-breakpoint
CREATE TRIGGER search_lexicon_delete AFTER DELETE ON "initiatives"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count('$row.moderation_status = ''published''');
--> statement-breakpoint
CREATE TRIGGER search_lexicon_truncate AFTER TRUNCATE ON "initiatives"
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count();
--> statement-breakpoint
CREATE TRIGGER search_lexicon_insert AFTER INSERT ON "food_procedures"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count('$row.moderation_status = ''published''');
--> statement-breakpoint
CREATE TRIGGER search_lexicon_update AFTER UPDATE ON "food_procedures"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count('$row.moderation_status = ''published''');
--> statement-breakpoint
CREATE TRIGGER search_lexicon_delete AFTER DELETE ON "food_procedures"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count('$row.moderation_status = ''published''');
--> statement-breakpoint
CREATE TRIGGER search_lexicon_truncate AFTER TRUNCATE ON "food_procedures"
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count();
--> statement-breakpoint
CREATE TRIGGER search_lexicon_insert AFTER INSERT ON "resources"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count('$row.moderation_status = ''published''');
--> statement-breakpoint
CREATE TRIGGER search_lexicon_update AFTER UPDATE ON "resources"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count('$row.moderation_status = ''published''');
--> statement-breakpoint
CREATE TRIGGER search_lexicon_delete AFTER DELETE ON "resources"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count('$row.moderation_status = ''published''');
--> statement-breakpoint
CREATE TRIGGER search_lexicon_truncate AFTER TRUNCATE ON "resources"
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count();
--> statement-breakpoint
CREATE TRIGGER search_lexicon_insert AFTER INSERT ON "contacts"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count('$row.moderation_status = ''published'' AND $row.display_in_directory');
--> statement-breakpoint
CREATE TRIGGER search_lexicon_update AFTER UPDATE ON "contacts"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count('$row.moderation_status = ''published'' AND $row.display_in_directory');
--> statement-breakpoint
CREATE TRIGGER search_lexicon_delete AFTER DELETE ON "contacts"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count('$row.moderation_status = ''published'' AND $row.display_in_directory');
--> statement-breakpoint
CREATE TRIGGER search_lexicon_truncate AFTER TRUNCATE ON "contacts"
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count();
--> statement-breakpoint
CREATE TRIGGER search_lexicon_insert AFTER INSERT ON "glossary_entries"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count();
--> statement-breakpoint
CREATE TRIGGER search_lexicon_update AFTER UPDATE ON "glossary_entries"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count();
--> statement-breakpoint
CREATE TRIGGER search_lexicon_delete AFTER DELETE ON "glossary_entries"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count();
--> statement-breakpoint
CREATE TRIGGER search_lexicon_truncate AFTER TRUNCATE ON "glossary_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count();
--> statement-breakpoint
CREATE TRIGGER search_lexicon_insert AFTER INSERT ON "faq_items"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count();
--> statement-breakpoint
CREATE TRIGGER search_lexicon_update AFTER UPDATE ON "faq_items"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count();
--> statement-breakpoint
CREATE TRIGGER search_lexicon_delete AFTER DELETE ON "faq_items"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count();
--> statement-breakpoint
CREATE TRIGGER search_lexicon_truncate AFTER TRUNCATE ON "faq_items"
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_count();
--> statement-breakpoint
-- The GIN indexes of the search vectors without a pending list: with fastupdate, new entries wait
-- in an unsorted list that every search reads until a VACUUM merges them, and PGlite has no
-- autovacuum (20 ms more per search after the --scale 20000 seed). Writes of content are rare;
-- each now updates the index at once.
ALTER INDEX "posts_search_vector_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "events_search_vector_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "initiatives_search_vector_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "food_procedures_search_vector_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "resources_search_vector_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "contacts_search_vector_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "glossary_entries_search_vector_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "faq_items_search_vector_idx" SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('"posts_search_vector_idx"'::regclass);
--> statement-breakpoint
SELECT gin_clean_pending_list('"events_search_vector_idx"'::regclass);
--> statement-breakpoint
SELECT gin_clean_pending_list('"initiatives_search_vector_idx"'::regclass);
--> statement-breakpoint
SELECT gin_clean_pending_list('"food_procedures_search_vector_idx"'::regclass);
--> statement-breakpoint
SELECT gin_clean_pending_list('"resources_search_vector_idx"'::regclass);
--> statement-breakpoint
SELECT gin_clean_pending_list('"contacts_search_vector_idx"'::regclass);
--> statement-breakpoint
SELECT gin_clean_pending_list('"glossary_entries_search_vector_idx"'::regclass);
--> statement-breakpoint
SELECT gin_clean_pending_list('"faq_items_search_vector_idx"'::regclass);
--> statement-breakpoint
-- The content already there.
SELECT search_lexicon_rebuild();
