import type { SearchResult } from '@easio/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.js';
import { type ObjectRow, objects } from '../db/schema.js';
import { DB_KINDS } from '../test/databases.js';
import { buildTestApp, signedInUser, type TestApp } from '../test/test-app.js';
import { correctionsFor } from './vocabulary.js';

type NewObject = typeof objects.$inferInsert;
const DAY = 86_400_000;

describe.each(DB_KINDS)('the vocabulary and corrections on %s', (kind) => {
  let t: TestApp;
  let me: Awaited<ReturnType<typeof signedInUser>>;
  let other: Awaited<ReturnType<typeof signedInUser>>;

  const put = async (values: Omit<NewObject, 'ownerId'>[], owner = me) =>
    (await t.database.db
      .insert(objects)
      .values(
        values.map((v) => ({
          ownerId: owner.info.id as string,
          parentId: owner.info.root_folder as string,
          ...v,
        })),
      )
      .returning()) as ObjectRow[];

  /** The owner's words and in how many documents each is, for the words asked about. */
  const counts = async (words: string[], owner = me) => {
    const rows = await queryRows<{ word: string; documents: number }>(
      t.database.db,
      sql`SELECT word, documents FROM search_words WHERE owner_id = ${owner.info.id as string}
        AND word IN (${sql.join(
          words.map((w) => sql`${w}`),
          sql`, `,
        )})`,
    );
    return Object.fromEntries(rows.map((r) => [r.word, Number(r.documents)]));
  };

  const search = async (payload: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/search/items', headers: me.auth, payload });
    if (res.statusCode !== 200) throw new Error(`search → ${res.statusCode} ${res.body}`);
    return { results: res.json() as SearchResult[], correctedTo: res.headers['x-search-approximate'] };
  };

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { LOG_LEVEL: 'error' } });
    me = await signedInUser(t.app);
    other = await signedInUser(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('is kept exact by every change', () => {
    it('counts the words of new items, in one statement or many', async () => {
      await put([
        { dataType: 'note_object', name: 'Quarterly budget', content: 'budget review with the auditor' },
        { dataType: 'note_object', name: 'Budget draft', content: 'auditor notes 2024' },
      ]);
      await put([
        { dataType: 'url_object', name: 'Auditor portal', url: 'https://auditor.example.com/login' },
      ]);
      expect(await counts(['budget', 'auditor', 'quarterly', 'portal', 'login', 'example'])).toEqual({
        budget: 2,
        auditor: 3,
        quarterly: 1,
        portal: 1,
        login: 1,
        example: 1,
      });
      // Numbers alone and words shorter than three letters are not kept.
      expect(await counts(['2024', 'with', 'the'])).toEqual({ with: 1, the: 1 });
    });

    it('follows edits of names and texts, and ignores changes that leave the text alone', async () => {
      const [note] = await put([
        { dataType: 'note_object', name: 'Lease agreement', content: 'landlord deposit' },
      ]);
      if (!note) throw new Error('no note');
      const edit = (set: Partial<NewObject>) =>
        t.database.db.update(objects).set(set).where(eq(objects.id, note.id));
      await edit({ content: 'landlord rent' });
      expect(await counts(['lease', 'landlord', 'deposit', 'rent'])).toEqual({
        lease: 1,
        landlord: 1,
        rent: 1,
      });
      await edit({ name: 'Tenancy agreement', jobState: 'done' });
      expect(await counts(['lease', 'tenancy', 'agreement'])).toEqual({ tenancy: 1, agreement: 1 });
      await edit({ jobState: 'pending' });
      expect(await counts(['tenancy', 'agreement', 'landlord'])).toEqual({
        tenancy: 1,
        agreement: 1,
        landlord: 1,
      });
    });

    it('forgets the words of deleted items at once', async () => {
      const rows = await put([
        { dataType: 'note_object', name: 'Vaccination record', content: 'booster' },
        { dataType: 'note_object', name: 'Vaccination card' },
      ]);
      await t.database.db.delete(objects).where(
        inArray(
          objects.id,
          rows.map((r) => r.id),
        ),
      );
      expect(await counts(['vaccination', 'booster', 'record', 'card'])).toEqual({});
    });

    it('keeps each user’s words apart', async () => {
      await put([{ dataType: 'note_object', name: 'Confidential salary slip' }], other);
      expect(await counts(['confidential', 'salary'])).toEqual({});
      expect(await counts(['confidential', 'salary'], other)).toEqual({ confidential: 1, salary: 1 });
      await t.database.db
        .delete(objects)
        .where(
          and(eq(objects.ownerId, other.info.id as string), eq(objects.name, 'Confidential salary slip')),
        );
      expect(await counts(['confidential', 'salary'], other)).toEqual({});
    });
  });

  describe('corrects misspelt words from the user’s own words', () => {
    beforeAll(async () => {
      await put([
        { dataType: 'url_object', name: 'Amazon order', url: 'https://www.amazon.in/orders' },
        { dataType: 'note_object', name: 'Definitely keep', content: 'the invoice for the sofa' },
        { dataType: 'note_object', name: 'Receipt', content: 'the receipt of the sofa' },
      ]);
      await put([{ dataType: 'note_object', name: 'Mortgage statement' }], other);
    });

    it('finds words one edit away, and words alike by trigrams', async () => {
      const corrections = await correctionsFor(t.database.db, me.info.id as string, [
        'amaozn',
        'definately',
        'nvoice',
        'reciept',
        'invoice',
        'mortgage',
      ]);
      expect(Object.fromEntries(corrections)).toEqual({
        amaozn: ['amazon'],
        definately: ['definitely'],
        nvoice: ['invoice'],
        reciept: ['receipt'],
      });
    });

    it('searches with the corrections and says what it searched for', async () => {
      const { results, correctedTo } = await search({ q: 'amaozn ordr' });
      expect(results.map((r) => r.name)).toEqual(['Amazon order']);
      expect(correctedTo).toBe('amazon%20order');
      expect(results[0]?.highlight.name).toEqual([
        { text: 'Amazon', hit: true },
        { text: ' ', hit: false },
        { text: 'order', hit: true },
      ]);
    });

    it('never suggests another user’s words', async () => {
      expect((await search({ q: 'mortgag' })).results).toEqual([]);
      expect((await search({ q: 'mortgaeg' })).results).toEqual([]);
    });
  });

  describe('text matches, newest first', () => {
    beforeAll(async () => {
      const now = Date.now();
      await put(
        Array.from({ length: 60 }, (_, i) => ({
          dataType: 'note_object',
          name: i % 10 === 0 ? `Ordinary day ${i}` : `Diary ${i}`,
          content: `ordinary day ${i % 20 === 0 ? 'eclipse' : ''}`,
          sourceCreatedAt: new Date(now - i * DAY),
        })),
      );
    });

    it('ranks names first, then the newest texts, whether the word is common or rare', async () => {
      // `ordinary` is in every diary: the newest items hold enough of it, names and texts alike.
      const named = ['Ordinary day 0', 'Ordinary day 10', 'Ordinary day 20', 'Ordinary day 30'];
      const common = await search({ q: 'ordinary', limit: 8 });
      expect(common.results.map((r) => r.name)).toEqual([
        ...named,
        'Ordinary day 40',
        'Ordinary day 50',
        'Diary 1',
        'Diary 2',
      ]);
      const next = await search({ q: 'ordinary', limit: 3, offset: 8 });
      expect(next.results.map((r) => r.name)).toEqual(['Diary 3', 'Diary 4', 'Diary 5']);
      // `eclipse` is in three texts: a walk through the newest items finds enough for a page of two;
      // for a page of five it finds too few, and the words index is asked for every match.
      const rare = await search({ q: 'eclipse', limit: 2 });
      expect(rare.results.map((r) => r.name)).toEqual(['Ordinary day 0', 'Ordinary day 20']);
      const all = await search({ q: 'eclipse', limit: 5 });
      expect(all.results.map((r) => r.name)).toEqual([
        'Ordinary day 0',
        'Ordinary day 20',
        'Ordinary day 40',
      ]);
    });
  });
});
