import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';
import { type Corrections, spellingVariants } from './parse-query.js';

/** At most this many of the user's words stand in for one typed word. */
const MAX_CORRECTIONS = 3;

/** How alike by trigrams (pg_trgm `similarity`) a word must be to correct a typed one… */
const MIN_SIMILARITY = 0.3;
/** …and how many letters longer or shorter (more is rarely a slip of the fingers). */
const MAX_LENGTH_DIFFERENCE = 2;

/**
 * Corrections from the user's own vocabulary (`search_words`, kept by triggers: see the migration
 * 0003_search_words.sql) for the typed words none of their words starts with: their words one edit
 * away (a letter dropped, added, changed or two swapped: exact lookups of every such spelling), then
 * words alike by trigrams that start with the same two letters and differ in length by at most two
 * letters; each kind closest first, then most used. One statement for all the words; a word that
 * needs no correction, or has none, is left out of the answer.
 *
 * `similarity()` is called, not the `%` operator: PGlite's build of pg_trgm answers no rows for `%`.
 */
export async function correctionsFor(db: Db, ownerId: string, words: string[]): Promise<Corrections> {
  if (words.length === 0) return new Map();
  // Each spelling one edit away is looked up alone (LIMIT 1 keeps it a lookup per spelling: as one
  // list of ~700, PostgreSQL reads all of the user's words instead).
  const perWord = words.map((typed) => {
    const start = Array.from(typed).slice(0, 2).join('');
    const length = Array.from(typed).length;
    const oneEdit = sql`string_to_array(${spellingVariants(typed).join(' ')}::text, ' ')`;
    return sql`(SELECT ${typed}::text AS typed, c.word FROM (
        SELECT s.word, 1 AS edits, s.documents FROM unnest(${oneEdit}) AS v(word)
          CROSS JOIN LATERAL (SELECT word, documents FROM search_words
            WHERE owner_id = ${ownerId} AND word = v.word LIMIT 1) s
        UNION ALL
        SELECT s.word, 2, s.documents FROM search_words s
        WHERE s.owner_id = ${ownerId} AND s.word >= ${start}::text AND s.word < ${start}::text || chr(1114111)
          AND abs(length(s.word) - ${sql.raw(String(length))}) <= ${sql.raw(String(MAX_LENGTH_DIFFERENCE))}
          AND similarity(s.word, ${typed}::text) >= ${sql.raw(String(MIN_SIMILARITY))}
      ) c
      WHERE NOT EXISTS (SELECT 1 FROM search_words k WHERE k.owner_id = ${ownerId}
        AND k.word >= ${typed}::text AND k.word < ${typed}::text || chr(1114111))
      GROUP BY c.word, c.documents
      ORDER BY min(c.edits), similarity(c.word, ${typed}::text) DESC, c.documents DESC, c.word
      LIMIT ${sql.raw(String(MAX_CORRECTIONS))})`;
  });
  const rows = await queryRows<{ typed: string; word: string }>(db, sql.join(perWord, sql` UNION ALL `));
  const corrections = new Map<string, string[]>();
  for (const { typed, word } of rows) corrections.set(typed, [...(corrections.get(typed) ?? []), word]);
  return corrections;
}
