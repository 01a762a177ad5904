import {
  SEARCH_PREVIEW_MAX,
  type SearchRequest,
  type SearchResult,
  searchRequestSchema,
} from '@easio/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../db/client.js';
import { type ObjectRow, objects } from '../db/schema.js';
import { DB_KINDS } from '../test/databases.js';
import { buildTestApp, signedInUser, type TestApp } from '../test/test-app.js';
import { searchSql } from './statement.js';

type Auth = { authorization: string };
type NewObject = typeof objects.$inferInsert;

const DAY = 86_400_000;
const words = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word}${i % 7}`).join(' ');

describe.each(DB_KINDS)('search on %s', (kind) => {
  let t: TestApp;
  let me: Awaited<ReturnType<typeof signedInUser>>;
  let other: Awaited<ReturnType<typeof signedInUser>>;
  let root: string;
  const ids: Record<string, string> = {};

  const put = async (key: string, values: Omit<NewObject, 'ownerId'> & { ownerId?: string }) => {
    const [row] = (await t.database.db
      .insert(objects)
      .values({ ownerId: me.info.id as string, parentId: root, ...values })
      .returning()) as ObjectRow[];
    if (!row) throw new Error('insert failed');
    ids[key] = row.id;
    return row.id;
  };

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { LOG_LEVEL: 'error' } });
    me = await signedInUser(t.app);
    other = await signedInUser(t.app);
    root = me.info.root_folder as string;
    const now = Date.now();

    const finance = await put('finance', { dataType: 'drawer_object', name: 'Finance' });
    const taxes = await put('taxes', { dataType: 'binder_object', name: 'Taxes 2024', parentId: finance });
    const travel = await put('travel', { dataType: 'drawer_object', name: 'Travel' });
    const goa = await put('goa', { dataType: 'binder_object', name: 'Goa trip', parentId: travel });
    await put('invoice', {
      dataType: 'file_object',
      source: 'gdrive',
      parentId: taxes,
      name: 'Invoice_ACME-2024-03.pdf',
      mimeType: 'application/pdf',
      size: 120_000,
      content: 'Payment due within thirty days for consulting services rendered in March.',
      sourceCreatedAt: new Date('2024-03-15T10:00:00Z'),
    });
    await put('groceries', {
      dataType: 'note_object',
      name: 'Grocery list',
      content: 'Milk, eggs, and the receipt from the supermarket.',
      sourceCreatedAt: new Date('2024-05-31T23:59:59Z'),
    });
    await put('late', {
      dataType: 'note_object',
      name: 'Late note',
      content: 'Written one second after the end of May.',
      sourceCreatedAt: new Date('2024-06-01T00:00:00Z'),
    });
    await put('github', {
      dataType: 'url_object',
      source: 'whatsapp',
      name: 'Easio repository',
      url: 'https://github.com/easio/desk',
      tags: ['code'],
      sourceCreatedAt: new Date('2023-01-10T08:00:00Z'),
    });
    await put('beach', {
      dataType: 'location_object',
      source: 'whatsapp',
      parentId: goa,
      name: 'Palolem beach',
      metadata: { lat: 15.01, lng: 74.02 },
      sourceCreatedAt: new Date('2023-12-24T12:00:00Z'),
    });
    await put('report', {
      dataType: 'file_object',
      source: 'dropbox',
      name: 'Annual report.pdf',
      size: 5_000_000,
      content: `${words(2000, 'filler')} the passport office moved ${words(200, 'tail')}`,
      sourceCreatedAt: new Date(now - 2 * DAY),
    });
    await put('passport', {
      dataType: 'file_object',
      name: 'Passport scan.pdf',
      size: 300_000,
      sourceCreatedAt: new Date('2022-07-01T09:00:00Z'),
    });
    await put('flight', {
      dataType: 'email_object',
      source: 'mail',
      name: 'Flight booking confirmation',
      content: 'Your flight to Goa departs at 06:40.',
      sourceCreatedAt: new Date(now - 20 * DAY),
    });
    await put('secret', {
      ownerId: other.info.id as string,
      parentId: other.info.root_folder as string,
      dataType: 'note_object',
      name: 'Invoice of the other user',
      content: 'secret passport invoice consulting',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (payload: unknown, auth: Auth = me.auth) =>
    t.app.inject({ method: 'POST', url: '/api/search/items', headers: auth, payload: payload as object });
  const search = async (payload: SearchRequest, auth?: Auth) => {
    const res = await post(payload, auth);
    if (res.statusCode !== 200) throw new Error(`search → ${res.statusCode} ${res.body}`);
    return res.json() as SearchResult[];
  };
  const names = async (payload: SearchRequest) => (await search(payload)).map((r) => r.name);
  const found = async (payload: SearchRequest) => new Set((await search(payload)).map((r) => r.id));
  const id = (key: string) => {
    const value = ids[key];
    if (!value) throw new Error(`no object ${key}`);
    return value;
  };
  const idsOf = (...keys: string[]) => new Set(keys.map((k) => ids[k]));

  describe('text', () => {
    it('finds a word in names and texts', async () => {
      expect(await found({ q: 'consulting' })).toEqual(idsOf('invoice'));
      expect(await found({ q: 'goa' })).toEqual(idsOf('goa', 'flight'));
    });

    it('finds partly typed words, and the parts of file names', async () => {
      expect(await found({ q: 'invo' })).toEqual(idsOf('invoice'));
      expect(await found({ q: 'acme' })).toEqual(idsOf('invoice'));
      expect(await found({ q: 'acme 2024 pd' })).toEqual(idsOf('invoice'));
      expect(await found({ q: 'github' })).toEqual(idsOf('github'));
      expect(await found({ q: 'code' })).toEqual(idsOf('github'));
    });

    it('matches exact phrases in order only', async () => {
      expect(await found({ q: '"consulting services"' })).toEqual(idsOf('invoice'));
      expect(await found({ q: '"services consulting"' })).toEqual(new Set());
    });

    it('leaves out excluded words, and takes either side of "or"', async () => {
      expect(await found({ q: 'goa -flight' })).toEqual(idsOf('goa'));
      expect(await found({ q: 'goa -"flight booking"' })).toEqual(idsOf('goa'));
      expect(await found({ q: 'invoice -march' })).toEqual(new Set());
      expect(await found({ q: 'palolem or github' })).toEqual(idsOf('beach', 'github'));
      expect(await found({ q: 'palolem OR github -repository' })).toEqual(idsOf('beach'));
    });

    it('finds a name typed with a letter swapped or missing', async () => {
      expect(await found({ q: 'invioce' })).toContain(ids.invoice);
      expect(await found({ q: 'pasport' })).toContain(ids.passport);
      expect(await found({ q: 'grocey' })).toContain(ids.groceries);
    });

    it('tries close spellings of words in texts when nothing matches as typed, and says so', async () => {
      const res = await post({ q: 'consluting' });
      expect((res.json() as SearchResult[]).map((r) => r.id)).toEqual([ids.invoice]);
      expect(res.headers['x-search-approximate']).toBe('consulting');
      expect((await post({ q: 'consulting' })).headers['x-search-approximate']).toBeUndefined();
      expect((await post({ q: 'zzzzqqqq' })).json()).toEqual([]);
      const secondPage = await post({ q: 'supremarket', offset: 1, limit: 1 });
      expect(secondPage.json()).toEqual([]);
      expect((await post({ q: 'supremarket', limit: 1 })).json()).toHaveLength(1);
    });

    it('ranks an exact name above a word deep in a long text', async () => {
      const results = await names({ q: 'passport' });
      expect(results).toEqual(['Passport scan.pdf', 'Annual report.pdf']);
      const scores = (await search({ q: 'passport' })).map((r) => r.score ?? 0);
      expect(scores[0]).toBeGreaterThan(scores[1] ?? 0);
    });

    it('marks the matched words in the name and in a snippet of the text', async () => {
      const [invoice] = await search({ q: 'invo consult' });
      expect(invoice?.highlight.name).toEqual([
        { text: 'Invo', hit: true },
        { text: 'ice_ACME-2024-03.pdf', hit: false },
      ]);
      expect(invoice?.highlight.snippet).toEqual([
        { text: 'Payment due within thirty days for ', hit: false },
        { text: 'consult', hit: true },
        { text: 'ing services rendered in March.', hit: false },
      ]);
      const [report] = await search({ q: 'office' });
      const snippet = report?.highlight.snippet?.map((p) => p.text).join('') ?? '';
      expect(snippet).toMatch(/^… .*passport office moved .* …$/);
      expect(snippet.length).toBeLessThan(300);
      expect(report?.content).toHaveLength(SEARCH_PREVIEW_MAX);
    });

    it('gives each result its folder path and source', async () => {
      const [invoice] = await search({ q: 'acme' });
      expect(invoice?.path.map((c) => c.name)).toEqual(['My Desk', 'Finance', 'Taxes 2024']);
      expect(invoice?.path.map((c) => c.data_type)).toEqual([
        'root_object',
        'drawer_object',
        'binder_object',
      ]);
      expect(invoice?.source).toBe('gdrive');
      const [taxes] = await search({ q: 'taxes' });
      expect(taxes?.child_count).toBe(1);
    });

    it('never answers with another user’s items', async () => {
      expect(await found({ q: 'secret' })).toEqual(new Set());
      expect(await found({ q: 'invoice' })).not.toContain(ids.secret);
      expect((await search({ q: 'invoice' }, other.auth)).map((r) => r.id)).toEqual([ids.secret]);
      expect((await search({}, other.auth)).map((r) => r.id)).toEqual([ids.secret]);
    });
  });

  describe('filters', () => {
    it('filters by one source or several', async () => {
      expect(await found({ source: 'whatsapp' })).toEqual(idsOf('github', 'beach'));
      expect(await found({ source: ['whatsapp', 'mail'] })).toEqual(idsOf('github', 'beach', 'flight'));
    });

    it('filters by one kind or several', async () => {
      expect(await found({ object_type: 'file_object' })).toEqual(idsOf('invoice', 'report', 'passport'));
      expect(await found({ object_type: ['url_object', 'location_object'] })).toEqual(
        idsOf('github', 'beach'),
      );
    });

    it('includes the whole start and end days (spec section 5)', async () => {
      const may = { start_date: '2024-05-01T00:00:00.000Z', end_date: '2024-05-31T23:59:59.000Z' };
      expect(await found(may)).toEqual(idsOf('groceries'));
      expect(await found({ start_date: '2024-05-31', end_date: '2024-05-31' })).toEqual(idsOf('groceries'));
      expect(await found({ start_date: '2024-06-01', end_date: '2024-06-01' })).toEqual(idsOf('late'));
      expect(await found({ start_date: '2024-03-15' })).toContain(ids.late);
      expect(await found({ end_date: '2023-01-10' })).toEqual(idsOf('passport', 'github'));
    });

    it('refines by time period', async () => {
      const recent = (await found({ period: 'month' })).has(id('flight'));
      expect(recent).toBe(true);
      const week = await found({ period: 'week' });
      expect(week.has(id('report'))).toBe(true);
      expect(week.has(id('flight'))).toBe(false);
      expect((await found({ period: 'today' })).has(id('report'))).toBe(false);
      expect((await found({ period: 'year', start_date: '2020-01-01', end_date: '2024-12-31' })).size).toBe(
        0,
      );
    });

    it('limits to a folder and everything below it', async () => {
      expect(await found({ parent_id: id('finance') })).toEqual(idsOf('taxes', 'invoice'));
      expect(await found({ parent_id: id('travel'), q: 'palolem' })).toEqual(idsOf('beach'));
      expect(await found({ parent_id: id('goa') })).toEqual(idsOf('beach'));
      expect((await found({ parent_id: root })).size).toBe(12);
    });

    it('combines text with every filter', async () => {
      const all = {
        q: 'invoice',
        source: ['gdrive', 'easio'],
        object_type: 'file_object',
        start_date: '2024-03-01',
        end_date: '2024-03-31',
        parent_id: id('finance'),
      } as const;
      expect(await found(all)).toEqual(idsOf('invoice'));
      expect(await found({ ...all, source: 'easio' })).toEqual(new Set());
      expect(await found({ ...all, parent_id: id('travel') })).toEqual(new Set());
    });

    it('takes the spec client’s blank filters as none', async () => {
      const res = await post({ source: '', object_type: '', start_date: '', end_date: '', parent_id: root });
      expect(res.statusCode).toBe(200);
      expect((res.json() as unknown[]).length).toBe(12);
    });

    it('answers 404 for a folder that is not the user’s, or not a folder', async () => {
      expect((await post({ parent_id: other.info.root_folder })).statusCode).toBe(404);
      expect((await post({ parent_id: id('invoice') })).statusCode).toBe(404);
      expect((await post({ parent_id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    });
  });

  describe('order and pages', () => {
    it('puts the newest first without text, and sorts by date, name or size', async () => {
      const newest = await names({ object_type: 'file_object' });
      expect(newest).toEqual(['Annual report.pdf', 'Invoice_ACME-2024-03.pdf', 'Passport scan.pdf']);
      expect(await names({ object_type: 'file_object', sort: 'date', order: 'asc' })).toEqual(
        [...newest].reverse(),
      );
      expect(await names({ object_type: 'file_object', sort: 'name' })).toEqual([
        'Annual report.pdf',
        'Invoice_ACME-2024-03.pdf',
        'Passport scan.pdf',
      ]);
      expect(await names({ object_type: 'file_object', sort: 'size', order: 'desc' })).toEqual([
        'Annual report.pdf',
        'Passport scan.pdf',
        'Invoice_ACME-2024-03.pdf',
      ]);
      expect(await names({ q: 'passport', sort: 'date' })).toEqual([
        'Annual report.pdf',
        'Passport scan.pdf',
      ]);
      const dated = await search({ object_type: 'file_object', sort: 'relevance' });
      expect(dated.map((r) => r.name)).toEqual(newest);
      expect(dated.every((r) => r.score === null)).toBe(true);
    });

    it('pages with limit and offset, saying when there is more', async () => {
      const first = await post({ limit: 5 });
      expect(first.headers['x-next-offset']).toBe('5');
      const pages = [first.json() as SearchResult[]];
      const second = await post({ limit: 5, offset: 5 });
      expect(second.headers['x-next-offset']).toBe('10');
      pages.push(second.json() as SearchResult[]);
      const last = await post({ limit: 5, offset: 10 });
      expect(last.headers['x-next-offset']).toBeUndefined();
      pages.push(last.json() as SearchResult[]);
      const all = pages.flat().map((r) => r.id);
      expect(all).toHaveLength(12);
      expect(new Set(all).size).toBe(12);
      expect(all).not.toContain(root);
    });
  });

  describe('bad input', () => {
    it.each([
      [{ start_date: '2024-02-30' }, 'No such date'],
      [{ start_date: 'yesterday' }, 'Use a date'],
      [{ start_date: '2024-05-02', end_date: '2024-05-01' }, 'before the start'],
      [{ source: 'myspace' }, 'source'],
      [{ object_type: 'root_object' }, 'object_type'],
      [{ q: 'x'.repeat(10_000) }, 'too long'],
      [{ limit: 500 }, 'limit'],
      [{ offset: -1 }, 'offset'],
      [{ period: 'decade' }, 'period'],
      [{ sort: 'colour' }, 'sort'],
      [{ owner_id: 'someone' }, 'owner_id'],
      [{ parent_id: 'not-a-uuid' }, 'parent_id'],
    ])('refuses bad input with 422 (case %#)', async (payload, mention) => {
      const res = await post(payload);
      expect(res.statusCode).toBe(422);
      expect(JSON.stringify(res.json())).toContain(mention);
    });

    it.each([
      `"'\\&|!:*()`,
      "'; DROP TABLE objects; --",
      '-',
      '"unclosed phrase',
      '!!! ::: *** <-> & | ()',
      'or or or',
      '-only -exclusions',
      '\\x00 \u0000 \uD800',
      'a'.repeat(500),
      Array.from({ length: 100 }, (_, i) => `w${i}`).join(' '),
    ])('never fails on odd text (case %#)', async (q) => {
      const res = await post({ q });
      expect(res.statusCode).toBe(200);
    });

    it('asks for a sign-in', async () => {
      expect((await post({ q: 'x' }, { authorization: 'Bearer nope' })).statusCode).toBe(401);
    });
  });

  it('uses indexes for every kind of query', async () => {
    const shapes: SearchRequest[] = [
      { q: 'invoice' },
      { q: 'invoice acme' },
      { q: 'inv' },
      { q: 'invioce' },
      { q: '"consulting services" -march' },
      { source: 'gdrive', object_type: 'file_object' },
      { start_date: '2024-01-01', end_date: '2024-12-31' },
      { parent_id: id('finance') },
      {
        q: 'invoice',
        source: 'gdrive',
        object_type: 'file_object',
        start_date: '2024-01-01',
        parent_id: id('finance'),
      },
    ];
    const db = t.database.db;
    for (const shape of shapes) {
      const plan = await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const query = searchSql(me.info.id as string, searchRequestSchema.parse(shape), new Date());
        return queryRows<Record<string, string>>(tx as unknown as Db, sql`EXPLAIN ${query}`);
      });
      const text = plan.map((r) => Object.values(r)[0]).join('\n');
      expect(text, JSON.stringify(shape)).not.toMatch(/Seq Scan on objects/);
    }
  });
});
