-- Search (hand-written: drizzle-kit does not model these). See apps/server/src/search/sql.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
-- ASCII punctuation becomes a space, so `Invoice_ACME-2024.pdf`, `example.com` and `a/b/c` index as
-- separate words; the query side (search/parse-query.ts) splits typed text the same way.
CREATE FUNCTION easio_search_words(t text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT regexp_replace(t, '[\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]+', ' ', 'g') $$;
--> statement-breakpoint
-- Names are also split where case or letters and digits change (`InvoiceACME2024` finds `acme`, `2024`).
CREATE FUNCTION easio_search_name_parts(t text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT regexp_replace(regexp_replace(regexp_replace(t,
      '([a-z])([A-Z])', '\1 \2', 'g'),
      '([A-Za-z])([0-9])', '\1 \2', 'g'),
      '([0-9])([A-Za-z])', '\1 \2', 'g') $$;
--> statement-breakpoint
-- The weighted head of an object: name (A), tags (B), the address without its scheme (C). It is
-- small, so it stays in the row: ranking reads it instead of the whole document.
CREATE FUNCTION easio_search_head(name text, tags text[], url text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT
      setweight(to_tsvector('simple'::regconfig, easio_search_words(
        coalesce(name, '') || ' ' || easio_search_name_parts(coalesce(name, '')))), 'A')
   || setweight(to_tsvector('simple'::regconfig, easio_search_words(
        array_to_string(coalesce(tags, '{}'::text[]), ' '))), 'B')
   || setweight(to_tsvector('simple'::regconfig, easio_search_words(
        regexp_replace(coalesce(url, ''), '^[A-Za-z][A-Za-z0-9+.-]*://(www[.])?', ''))), 'C') $$;
--> statement-breakpoint
-- The whole document: the head and the first 100,000 characters of the text (D). The 'simple'
-- configuration keeps every word as typed (no stemming, no stop words), which is what prefix matching
-- of partly typed words needs, in any language.
CREATE FUNCTION easio_search_document(name text, tags text[], url text, content text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT easio_search_head(name, tags, url)
   || setweight(to_tsvector('simple'::regconfig, easio_search_words(
        left(coalesce(content, ''), 100000))), 'D') $$;
--> statement-breakpoint
-- Every word of a user's documents is stored behind a short key of the owner ('k' and six hex
-- digits of md5(owner_id)), so the index's entries for one user's words sit together: a prefix
-- search ('invo':*) then scans that user's entries only, not every user's, and a common word's
-- posting list holds (nearly) only that user's objects. search/sql.ts adds the same key to queries.
CREATE FUNCTION easio_search_key(owner uuid) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT 'k' || left(md5(owner::text), 6) $$;
--> statement-breakpoint
CREATE FUNCTION easio_search_keyed(key text, v tsvector) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(string_agg(
      '''' || replace(replace(key || u.lexeme, '\', '\\'), '''', '''''') || '''' || coalesce(':' ||
        (SELECT string_agg(p::text || w, ',') FROM unnest(u.positions, u.weights) AS x(p, w)), ''),
      ' '), '')::tsvector
    FROM unnest(v) AS u $$;
--> statement-breakpoint
ALTER TABLE "objects" ADD COLUMN "search_head" tsvector
  GENERATED ALWAYS AS (easio_search_keyed(easio_search_key("owner_id"),
    easio_search_head("name", "tags", "url"))) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "objects" ADD COLUMN "search_document" tsvector
  GENERATED ALWAYS AS (easio_search_keyed(easio_search_key("owner_id"),
    easio_search_document("name", "tags", "url", "content"))) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "objects_search_idx" ON "objects" USING gin ("search_document");
--> statement-breakpoint
-- Ranking looks at matches in the head first (see search/sql.ts).
CREATE INDEX "objects_search_head_idx" ON "objects" USING gin ("search_head");
--> statement-breakpoint
-- Trigrams of names find an item whose name is misspelt in the query; with the owner in the same
-- index (btree_gin) so that only the owner's names are compared.
CREATE INDEX "objects_name_trgm_idx" ON "objects" USING gin ("owner_id", "name" gin_trgm_ops);
