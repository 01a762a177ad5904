-- Each user's vocabulary: every word of their documents (with letters, 3 to 40 characters) and in
-- how many documents it occurs. A misspelt search word is corrected against it (one edit away, or
-- pg_trgm similarity among the words with the same first letter), which replaces comparing the
-- trigrams of every name (slow on a large desk).
-- Kept exact by statement-level triggers on objects: one batched upsert per statement, whatever its
-- size, so a bulk import pays once per distinct word, not once per word of every document.
-- Hand-written (drizzle-kit does not model triggers); see apps/server/src/search/vocabulary.ts.
CREATE TABLE "search_words" (
  "owner_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "word" text COLLATE "C" NOT NULL,
  "documents" integer NOT NULL,
  PRIMARY KEY ("owner_id", "word")
);
--> statement-breakpoint
-- Words left in no document are deleted at once; this finds them without reading the vocabulary.
CREATE INDEX "search_words_unused_idx" ON "search_words" ("owner_id") WHERE "documents" <= 0;
--> statement-breakpoint
-- The words of a keyed document (see 0002_search.sql: 'k' and six hex digits before each word), and
-- '' once for every document: the count of '' is the number of the user's documents, which tells
-- search how common a word is among them (search/sql.ts, walkLength).
CREATE FUNCTION easio_search_vocabulary(doc tsvector) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT ''
    UNION ALL
    SELECT w FROM (SELECT substr(l, 8) AS w FROM unnest(tsvector_to_array(doc)) AS l) AS words
    WHERE length(w) BETWEEN 3 AND 40 AND w ~ '[[:alpha:]]' $$;
--> statement-breakpoint
-- Adds each (owner, word, +n or -n) in a stable order (concurrent imports of one user lock the same
-- rows in the same order, so they wait for each other instead of deadlocking), then deletes the words
-- no document holds any more. Owners already deleted (a cascade from users) are skipped.
CREATE FUNCTION easio_search_words_apply(owners uuid[], docs tsvector[], signs integer[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO search_words AS s (owner_id, word, documents)
    SELECT c.owner_id, w, sum(c.sign)::integer
    FROM unnest(owners, docs, signs) AS c(owner_id, doc, sign)
      CROSS JOIN LATERAL easio_search_vocabulary(c.doc) AS w
    WHERE c.owner_id IN (SELECT id FROM users)
    GROUP BY 1, 2 HAVING sum(c.sign) <> 0
    ORDER BY 1, 2
  ON CONFLICT (owner_id, word) DO UPDATE SET documents = s.documents + excluded.documents;
  DELETE FROM search_words WHERE documents <= 0 AND owner_id = ANY (owners);
END $$;
--> statement-breakpoint
CREATE FUNCTION easio_search_words_inserted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM easio_search_words_apply(array_agg(owner_id), array_agg(search_document), array_agg(1))
    FROM new_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION easio_search_words_deleted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM easio_search_words_apply(array_agg(owner_id), array_agg(search_document), array_agg(-1))
    FROM old_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only rows whose document changed count (a move or a rename of nothing searchable costs a join).
CREATE FUNCTION easio_search_words_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM easio_search_words_apply(array_agg(c.owner_id), array_agg(c.doc), array_agg(c.sign))
    FROM (
      SELECT o.owner_id, o.search_document AS doc, -1 AS sign
        FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.search_document <> o.search_document
      UNION ALL
      SELECT n.owner_id, n.search_document, 1
        FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.search_document <> o.search_document
    ) AS c;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "objects_search_words_inserted" AFTER INSERT ON "objects"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION easio_search_words_inserted();
--> statement-breakpoint
CREATE TRIGGER "objects_search_words_deleted" AFTER DELETE ON "objects"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION easio_search_words_deleted();
--> statement-breakpoint
CREATE TRIGGER "objects_search_words_updated" AFTER UPDATE ON "objects"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION easio_search_words_updated();
--> statement-breakpoint
-- The words of what is already stored.
INSERT INTO search_words (owner_id, word, documents)
  SELECT o.owner_id, w, count(*)::integer FROM objects o CROSS JOIN LATERAL easio_search_vocabulary(o.search_document) AS w
  GROUP BY 1, 2;
--> statement-breakpoint
-- Misspelt names are now corrected against the vocabulary: the trigrams of every name are not needed.
DROP INDEX IF EXISTS "objects_name_trgm_idx";
