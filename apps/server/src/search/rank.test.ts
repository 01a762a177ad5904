import { type SearchRequest, searchRequestSchema } from '@easio/shared';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { parseQuery } from './parse-query.js';
import { effectiveSort, orderBy, relevanceScore, sortKey, textOnlyScore } from './rank.js';

const dialect = new PgDialect({ casing: 'snake_case' });
const render = (fragment: SQL) => dialect.sqlToQuery(fragment);
const request = (shape: SearchRequest) => searchRequestSchema.parse(shape);
const now = new Date('2026-03-01T12:00:00.000Z');

describe('effectiveSort', () => {
  it('ranks by relevance when there is text, by date when there is none', () => {
    expect(effectiveSort(request({ q: 'invoice' }), parseQuery('invoice'))).toBe('relevance');
    expect(effectiveSort(request({}), parseQuery(''))).toBe('date');
  });

  it('takes relevance without text to mean newest first', () => {
    expect(effectiveSort(request({ sort: 'relevance' }), parseQuery(''))).toBe('date');
  });

  it('keeps a sort the user chose', () => {
    expect(effectiveSort(request({ q: 'invoice', sort: 'name' }), parseQuery('invoice'))).toBe('name');
    expect(effectiveSort(request({ sort: 'size' }), parseQuery(''))).toBe('size');
  });
});

describe('relevanceScore', () => {
  it('is null without text to match', () => {
    expect(render(relevanceScore(parseQuery(''), now)).sql).toBe('NULL::float8');
    expect(render(relevanceScore(parseQuery('-march'), now)).sql).toBe('NULL::float8');
  });

  it("weighs the head's rank, the text match and recency", () => {
    const { sql: text, params } = render(relevanceScore(parseQuery('"consulting services"'), now));
    expect(text).toContain(
      `ts_rank('{0.05, 0.2, 0.4, 1.0}'::float4[], "objects"."search_head", to_tsquery('simple', $1))`,
    );
    expect(text).toContain('+ 0.03');
    expect(text).toContain(
      '(1 + 0.25 / (1 + greatest(0, date_part(\'epoch\', $2::timestamptz - "objects"."item_date")',
    );
    expect(text).toContain('/ 180))');
    expect(text).not.toContain('CASE WHEN');
    expect(params).toEqual([parseQuery('"consulting services"').match, now.toISOString()]);
  });

  it('lifts a name that starts with what was typed', () => {
    const { sql: text, params } = render(relevanceScore(parseQuery('Invoice acme'), now));
    expect(text).toContain('CASE WHEN left(lower("objects"."name"), 12) = $2 THEN 0.3 ELSE 0 END');
    expect(params[1]).toBe('invoice acme');
  });
});

describe('textOnlyScore', () => {
  it("is the text match's constant lifted by the recency of the given date", () => {
    const { sql: text } = render(textOnlyScore(now, sql`walked.item_date`));
    expect(text).toMatch(
      /^\(0\.03 \* \(1 \+ 0\.25 \/ \(1 \+ greatest\(0, date_part\('epoch', \$1::timestamptz - walked\.item_date\)/,
    );
    expect(render(textOnlyScore(now)).sql).toContain('"objects"."item_date"');
  });
});

describe('ordering', () => {
  it('puts the best first, then the newest, by default with text', () => {
    const text = render(orderBy(request({ q: 'invoice' }), parseQuery('invoice'), sql`hits.score`)).sql;
    expect(text).toBe('hits.score DESC, "objects"."item_date" DESC, "objects"."id" DESC');
  });

  it('turns only the score around for relevance ascending', () => {
    const text = render(orderBy(request({ q: 'invoice', order: 'asc' }), parseQuery('invoice'), sql`s`)).sql;
    expect(text).toBe('s ASC, "objects"."item_date" DESC, "objects"."id" DESC');
  });

  it('sorts names in natural order, A first unless asked otherwise', () => {
    expect(render(orderBy(request({ sort: 'name' }), parseQuery(''), sql`s`)).sql).toBe(
      '"objects"."sort_name" ASC, "objects"."id" ASC',
    );
    expect(render(orderBy(request({ sort: 'name', order: 'desc' }), parseQuery(''), sql`s`)).sql).toBe(
      '"objects"."sort_name" DESC, "objects"."id" DESC',
    );
  });

  it('sorts by size with sizeless items as the smallest, biggest first', () => {
    const { key, dir } = sortKey(request({ sort: 'size' }), parseQuery(''));
    expect(render(key).sql).toBe('coalesce("objects"."size", -1)');
    expect(render(dir).sql).toBe('DESC');
  });

  it('sorts by date, newest first, without text', () => {
    expect(render(orderBy(request({}), parseQuery(''), sql`s`)).sql).toBe(
      '"objects"."item_date" DESC, "objects"."id" DESC',
    );
  });
});
