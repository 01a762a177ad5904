import { describe, expect, it } from 'vitest';
import { correctableWords, correctedText, MAX_TERMS, parseQuery, spellingVariants } from './parse-query.js';

describe('parseQuery', () => {
  it('matches every word, each also as the start of a longer word', () => {
    expect(parseQuery('Tax invo').match).toBe(`'tax':* & 'invo':*`);
  });

  it('matches one-letter words whole only', () => {
    expect(parseQuery('a b12').match).toBe(`'a' & 'b12':*`);
  });

  it('splits words at punctuation, as the index does', () => {
    expect(parseQuery('invoice_acme-2024.pdf').match).toBe(`('invoice':* & 'acme':* & '2024':* & 'pdf':*)`);
  });

  it('keeps phrases in order and whole', () => {
    expect(parseQuery('"consulting services" march').match).toBe(`('consulting' <-> 'services') & 'march':*`);
  });

  it('excludes words and phrases', () => {
    const q = parseQuery('goa -flight -"day trip"');
    expect(q.match).toBe(`'goa':* & !('flight':* | ('day' <-> 'trip'))`);
    expect(q.exclude).toBe(`'flight':* | ('day' <-> 'trip')`);
  });

  it('takes "or" between neighbours, binding tighter than the rest', () => {
    expect(parseQuery('tax pdf or docx 2024').match).toBe(`'tax':* & ('pdf':* | 'docx':*) & '2024':*`);
    expect(parseQuery('or tax OR').match).toBe(`'tax':*`);
  });

  it('lets no operator or quote characters through', () => {
    for (const q of [`'); DROP TABLE x; --`, `a\\b & c | !d : *e (f)`, `<-> '' "" \\`]) {
      const match = parseQuery(q).match ?? '';
      const lexemes = match.match(/'[^']*'/g) ?? [];
      for (const l of lexemes) expect(l).toMatch(/^'[\p{L}\p{M}\p{N}]+'$/u);
    }
    expect(parseQuery('!!! ::: ()').match).toBeNull();
  });

  it('handles letters of every alphabet', () => {
    expect(parseQuery('Москва 東京 café').match).toBe(`'москва':* & '東京':* & 'café':*`);
  });

  it('uses at most MAX_TERMS terms and cuts very long words', () => {
    const q = parseQuery(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '));
    expect(q.match?.split('&')).toHaveLength(MAX_TERMS);
    expect(parseQuery('x'.repeat(500)).match).toBe(`'${'x'.repeat(64)}':*`);
  });

  it('offers the first few plain positive words of four to 24 letters for correction', () => {
    expect(correctableWords('pasport -draft "exact words" tax invioce')).toEqual(['pasport', 'invioce']);
    expect(correctableWords('ab abc')).toEqual([]);
    expect(correctableWords('one1 two2 three four five')).toEqual(['one1', 'two2', 'three']);
    expect(correctableWords('x'.repeat(25))).toEqual([]);
  });

  it('gives the plain words for the exact-name boost, or nothing when operators were used', () => {
    expect(parseQuery('  Passport   Scan ').exact).toBe('passport scan');
    expect(parseQuery('passport -scan').exact).toBeNull();
  });

  it('picks the longest positive word to cut a snippet around', () => {
    expect(parseQuery('tax consulting -invoices').anchor).toBe('consulting');
    expect(parseQuery('-tax').anchor).toBeNull();
  });

  it('searches a corrected word or its corrections, and highlights them', () => {
    const parsed = parseQuery('invioce tax -draft', {
      corrections: new Map([['invioce', ['invoice', 'invoices']]]),
    });
    expect(parsed.match).toBe(`('invioce':* | 'invoice' | 'invoices') & 'tax':* & !('draft':*)`);
    expect(parsed.highlight.map((t) => t.word)).toEqual(['invioce', 'invoice', 'invoices', 'tax']);
    expect(parsed.anchor).toBe('invoices');
    expect(correctedText('Invioce tax -draft', new Map([['invioce', ['invoice']]]))).toBe(
      'invoice tax -draft',
    );
  });
});

describe('spellingVariants', () => {
  it('covers a dropped, swapped, changed and added letter', () => {
    const variants = spellingVariants('recieve');
    for (const v of ['receive', 'recive', 'recieves', 'recleve']) expect(variants).toContain(v);
    expect(variants).not.toContain('recieve');
  });

  it('uses the word’s own letters for other alphabets', () => {
    expect(spellingVariants('москав')).toContain('москва');
    expect(spellingVariants('москвва')).toContain('москва');
  });
});
