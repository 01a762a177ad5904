import { describe, expect, it } from 'vitest';
import { featuresOf } from './features.js';
import { TokenCounter, tokenMap } from './token-counter.js';
import type { EngineItem } from './types.js';
import { Vocabulary } from './vectors.js';

const items: EngineItem[] = [
  {
    id: '1',
    kind: 'file_object',
    name: 'Invoice_ACME-2024-03.pdf',
    source: 'gdrive',
    mimeType: 'application/pdf',
    text: 'Invoice invoice invoice for the ACME account. Payment due in 2024.',
    date: Date.UTC(2024, 2, 1),
  },
  {
    id: '2',
    kind: 'url_object',
    name: 'Easio on GitHub',
    source: 'easio',
    url: 'https://github.com/easio/desk',
    tags: ['Code'],
  },
];

describe('TokenCounter', () => {
  it('counts exactly the features featuresOf gives, in the same order, as numbered tokens', () => {
    const vocabulary = new Vocabulary();
    const counter = new TokenCounter(vocabulary);
    for (const item of items) {
      const counted = counter.count(item);
      expect([...tokenMap(counted, vocabulary.tokens)]).toEqual([...featuresOf(item)]);
    }
    // Each word is one token whether looked up as a word or as its token.
    expect(vocabulary.id('w:invoice')).toBe(vocabulary.word('invoice'));
    expect(vocabulary.find('w:github')).toBe(vocabulary.word('github'));
    expect(vocabulary.find('w:never-seen')).toBeUndefined();
  });

  it('starts every item from nothing', () => {
    const counter = new TokenCounter(new Vocabulary());
    const first = counter.count(items[0] as EngineItem);
    const again = counter.count(items[0] as EngineItem);
    expect(again.raw).toEqual(first.raw);
  });
});
