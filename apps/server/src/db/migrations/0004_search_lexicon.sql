CREATE TABLE "search_lexicon" (
	"lexeme" text PRIMARY KEY NOT NULL,
	"ndoc" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_lexicon_unused_idx" ON "search_lexicon" USING btree ("lexeme") WHERE "search_lexicon"."ndoc" <= 0;