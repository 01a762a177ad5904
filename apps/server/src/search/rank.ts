import type { ParsedSearchRequest } from '@easio/shared';
import { type SQL, sql } from 'drizzle-orm';
import { objects } from '../db/schema.js';
import type { ParsedQuery } from './parse-query.js';
import { head, num, tsq } from './sql-fragments.js';

/** Weights of the head's parts for ts_rank, in its order {D, C, B, A}: (text), address, tags, name. */
const WEIGHTS = sql.raw(`'{0.05, 0.2, 0.4, 1.0}'`);
/** Every match gets this: a word only in the text ranks by it (and recency) alone. */
const TEXT_MATCH = 0.03;
/** A name that starts with exactly what was typed gets this on top. */
const EXACT_NAME_BOOST = 0.3;
/** Recency lifts a score by up to a quarter, halving over about half a year. */
const RECENCY_BOOST = 0.25;
const RECENCY_DAYS = 180;

/**
 * Relevance: the rank of the match in the head (name, tags, address), which ranks a name far above a
 * word only in the text (that gets a small constant: the text itself is not read to rank it), plus a
 * boost for a name starting with what was typed; all lifted by recency.
 */
export function relevanceScore(q: ParsedQuery, now: Date): SQL {
  if (!q.match) return sql`NULL::float8`;
  const parts: SQL[] = [sql`ts_rank(${WEIGHTS}::float4[], ${head}, ${tsq(q.match)})`, num(TEXT_MATCH)];
  if (q.exact) {
    parts.push(
      sql`CASE WHEN left(lower(${objects.name}), ${num(q.exact.length)}) = ${q.exact} THEN ${num(EXACT_NAME_BOOST)} ELSE 0 END`,
    );
  }
  return sql`((${sql.join(parts, sql` + `)}) * ${recency(now)})::float8`;
}

/** The score of an item matching only in its text: the text match's constant, lifted by recency. */
export function textOnlyScore(now: Date, itemDate?: SQL): SQL {
  return sql`(${num(TEXT_MATCH)} * ${recency(now, itemDate)})::float8`;
}

/** 1 for an item made long ago, up to 1 + RECENCY_BOOST for one made now. */
function recency(now: Date, itemDate: SQL = sql`${objects.itemDate}`): SQL {
  // date_part answers float8 (extract answers numeric, much slower over many rows).
  const ageDays = sql`greatest(0, date_part('epoch', ${now.toISOString()}::timestamptz - ${itemDate}) / 86400)`;
  return sql`(1 + ${num(RECENCY_BOOST)} / (1 + ${ageDays} / ${num(RECENCY_DAYS)}))`;
}

/** Relevance when asked for or by default with text; without text, relevance means newest first. */
export function effectiveSort(r: ParsedSearchRequest, q: ParsedQuery) {
  return r.sort === 'relevance' && !q.match ? 'date' : (r.sort ?? (q.match ? 'relevance' : 'date'));
}

/** A sort other than relevance: its key (ties go by id in the same direction) and its direction. */
export function sortKey(r: ParsedSearchRequest, q: ParsedQuery): { key: SQL; dir: SQL } {
  const sort = effectiveSort(r, q);
  const dir = sql.raw((r.order ?? (sort === 'name' ? 'asc' : 'desc')) === 'asc' ? 'ASC' : 'DESC');
  // The desk's natural order of names (numbers by value, case and accents ignored).
  if (sort === 'name') return { key: sql`${objects.sortName}`, dir };
  if (sort === 'size') return { key: sql`coalesce(${objects.size}, -1)`, dir };
  return { key: sql`${objects.itemDate}`, dir };
}

/** The ORDER BY list; `score` is how the relevance is referred to where the list is used. */
export function orderBy(r: ParsedSearchRequest, q: ParsedQuery, score: SQL): SQL {
  if (effectiveSort(r, q) === 'relevance') {
    return sql`${score} ${sql.raw(r.order === 'asc' ? 'ASC' : 'DESC')}, ${objects.itemDate} DESC, ${objects.id} DESC`;
  }
  const { key, dir } = sortKey(r, q);
  return sql`${key} ${dir}, ${objects.id} ${dir}`;
}
