import { describe, expect, it } from 'vitest';
import { EMPTY_SEARCH, type SearchState } from './search-state';
import { dateSpanText, filterParts, nothingFoundText, orList } from './summary';

const state = (changes: Partial<SearchState>): SearchState => ({ ...EMPTY_SEARCH, ...changes });
/** ICU versions differ in the spaces around a range's dash (none, or thin ones): compare without them. */
const plain = (text: string | null) => text?.replace(/\s*–\s*/g, '–').replace(/\s/g, ' ');

describe('the words for a search', () => {
  it('lists alternatives', () => {
    expect(orList([])).toBe('');
    expect(orList(['Notes'])).toBe('Notes');
    expect(orList(['Notes', 'Files'])).toBe('Notes or Files');
    expect(orList(['a', 'b', 'c'])).toBe('a, b or c');
  });

  it('says a span of UTC days', () => {
    expect(plain(dateSpanText('2024-05-01', '2024-05-31', 'en-GB'))).toBe('1–31 May 2024');
    expect(dateSpanText('2024-05-31', '2024-05-31', 'en-GB')).toBe('31 May 2024');
    expect(dateSpanText('2024-05-01', null, 'en-GB')).toBe('from 1 May 2024');
    expect(dateSpanText(null, '2024-05-31', 'en-GB')).toBe('until 31 May 2024');
    expect(dateSpanText(null, null)).toBeNull();
  });

  it('names the filters: sources, kinds, then the dates', () => {
    expect(
      filterParts(state({ sources: ['dropbox', 'gdrive'], kinds: ['file_object'], period: 'week' }), 'en-GB'),
    ).toEqual(['Google Drive or Dropbox', 'Files', 'the last 7 days']);
    expect(filterParts(state({ q: 'tax' }))).toEqual([]);
  });

  it('says what was not found, and where', () => {
    const text = nothingFoundText(
      state({
        q: 'tax',
        sources: ['gdrive'],
        kinds: ['file_object'],
        from: '2024-05-01',
        to: '2024-05-31',
      }),
      'en-GB',
    );
    expect(plain(text)).toBe('No results for “tax” in Google Drive, Files, 1–31 May 2024');
    expect(nothingFoundText(state({ q: 'tax' }))).toBe('No results for “tax”');
    expect(nothingFoundText(state({ sources: ['easio'], period: 'today' }))).toBe(
      'Nothing found in Easio and the extension, today',
    );
  });
});
