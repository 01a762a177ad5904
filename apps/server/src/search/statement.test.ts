import { type SearchRequest, searchRequestSchema } from '@easio/shared';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { searchSql } from './statement.js';

/**
 * The statement a few fixed searches build, kept in __snapshots__/*.sql: a change to how search asks
 * the database shows in review. After a deliberate change, `npx vitest run -u <this file>` rewrites them.
 */
const dialect = new PgDialect({ casing: 'snake_case' });
const OWNER = '0a4c5b6d-2222-4222-8222-222222222222';
const FOLDER = '3f1c1d1e-1111-4111-8111-111111111111';
const NOW = new Date('2026-03-01T12:00:00.000Z');

function statementFile(shape: SearchRequest, corrections?: ReadonlyMap<string, readonly string[]>): string {
  const { sql, params } = dialect.sqlToQuery(
    searchSql(OWNER, searchRequestSchema.parse(shape), NOW, corrections ? { corrections } : {}),
  );
  const lines = params.map((value, i) => `-- $${i + 1} = ${JSON.stringify(value)}`);
  return `-- request: ${JSON.stringify(shape)}\n${sql.trim()};\n\n${lines.join('\n')}\n`;
}

describe('the search statement', () => {
  it('for words (best first, a walk of the newest items when the words are common)', async () => {
    await expect(statementFile({ q: 'invoice acme' })).toMatchFileSnapshot('__snapshots__/text-query.sql');
  });

  it('for words with a spelling correction and an excluded word', async () => {
    const corrections = new Map([['invioce', ['invoice']]]);
    await expect(statementFile({ q: 'invioce -march' }, corrections)).toMatchFileSnapshot(
      '__snapshots__/corrected-query.sql',
    );
  });

  it('for filters only (newest first)', async () => {
    await expect(statementFile({ source: 'gdrive', object_type: 'file_object' })).toMatchFileSnapshot(
      '__snapshots__/filter-only.sql',
    );
  });

  it('for words with kinds and dates', async () => {
    const shape = {
      q: 'invoice',
      object_type: ['file_object', 'note_object'],
      start_date: '2024-01-01',
      end_date: '2024-12-31',
    } satisfies SearchRequest;
    await expect(statementFile(shape)).toMatchFileSnapshot('__snapshots__/kind-and-dates.sql');
  });

  it('within a folder, by name', async () => {
    await expect(statementFile({ parent_id: FOLDER, sort: 'name' })).toMatchFileSnapshot(
      '__snapshots__/folder-by-name.sql',
    );
  });

  it('for words within a folder', async () => {
    await expect(statementFile({ q: 'invoice', parent_id: FOLDER, period: 'year' })).toMatchFileSnapshot(
      '__snapshots__/folder-text-query.sql',
    );
  });
});
