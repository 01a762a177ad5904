import { describe, expect, it } from 'vitest';
import { markText, snippet } from './highlight.js';

const prefix = (word: string) => ({ word, prefix: true });
const whole = (word: string) => ({ word, prefix: false });

describe('markText', () => {
  it('marks the typed start of matching words, case kept', () => {
    expect(markText('Invoice for Invoices', [prefix('invo')])).toEqual([
      { text: 'Invo', hit: true },
      { text: 'ice for ', hit: false },
      { text: 'Invo', hit: true },
      { text: 'ices', hit: false },
    ]);
  });

  it('marks whole words only for phrase words', () => {
    expect(markText('art start arts art', [whole('art')])).toEqual([
      { text: 'art', hit: true },
      { text: ' start arts ', hit: false },
      { text: 'art', hit: true },
    ]);
  });

  it('finds words inside names joined by case or digits', () => {
    expect(markText('InvoiceACME2024.pdf', [prefix('acme'), whole('2024')])).toEqual([
      { text: 'Invoice', hit: false },
      { text: 'ACME2024', hit: true },
      { text: '.pdf', hit: false },
    ]);
  });

  it('answers the text unmarked when nothing matches', () => {
    expect(markText('Grocery list', [prefix('tax')])).toEqual([{ text: 'Grocery list', hit: false }]);
    expect(markText('', [prefix('tax')])).toEqual([]);
  });
});

describe('snippet', () => {
  it('drops the words cut at either end and marks the match', () => {
    const parts = snippet(
      'ing the  long\nreport about tax returns for the ye',
      { atStart: false, atEnd: false },
      [prefix('tax')],
    );
    expect(parts?.map((p) => p.text).join('')).toBe('… the long report about tax returns for the …');
    expect(parts?.filter((p) => p.hit).map((p) => p.text)).toEqual(['tax']);
  });

  it('keeps whole ends, and is null without a match', () => {
    expect(snippet('Tax due.', { atStart: true, atEnd: true }, [prefix('tax')])).toEqual([
      { text: 'Tax', hit: true },
      { text: ' due.', hit: false },
    ]);
    expect(snippet('Nothing here', { atStart: true, atEnd: true }, [prefix('tax')])).toBeNull();
    expect(snippet(null, { atStart: true, atEnd: true }, [prefix('tax')])).toBeNull();
  });
});
