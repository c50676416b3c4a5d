-- Words mixing digits and letters ('2ème', '1ère', '3ème âge', 'covid19') are the parser's numword
-- tokens (numhword and hword_numpart in compounds), which the copied french configuration sent to
-- the 'simple' dictionary: indexed with their accents and unstemmed, while a query word is folded
-- and stemmed (modules/search: ts_lexize('french_stem', …)). '2ème', even typed exactly, found
-- nothing. They now go through unaccent and the French stemmer, like the words.
ALTER TEXT SEARCH CONFIGURATION fr_unaccent
  ALTER MAPPING FOR numword, numhword, hword_numpart WITH unaccent, french_stem;
--> statement-breakpoint
-- The stored search vectors are generated columns: an UPDATE of their rows computes them again
-- (no trigger touches updated_at), and the lexicon of the typo corrections is rebuilt from them.
UPDATE contacts SET search_vector = DEFAULT;
--> statement-breakpoint
UPDATE initiatives SET search_vector = DEFAULT;
--> statement-breakpoint
UPDATE food_procedures SET search_vector = DEFAULT;
--> statement-breakpoint
UPDATE posts SET search_vector = DEFAULT;
--> statement-breakpoint
UPDATE events SET search_vector = DEFAULT;
--> statement-breakpoint
UPDATE resources SET search_vector = DEFAULT;
--> statement-breakpoint
UPDATE faq_items SET search_vector = DEFAULT;
--> statement-breakpoint
UPDATE glossary_entries SET search_vector = DEFAULT;
--> statement-breakpoint
SELECT search_lexicon_rebuild();
