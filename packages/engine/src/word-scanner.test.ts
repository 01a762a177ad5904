import { describe, expect, it } from 'vitest';
import { seededRandom } from './random.js';
import { wordsOf } from './text.js';
import { Vocabulary } from './vectors.js';
import { WordScanner } from './word-scanner.js';

const scanned = (scanner: WordScanner, vocabulary: Vocabulary, text: string) =>
  [...scanner.scan(text)].map((id) => (vocabulary.tokens[id] as string).slice(2));

describe('WordScanner', () => {
  it('finds the words wordsOf finds in prose: letters and marks, no stop words, no single letters', () => {
    const vocabulary = new Vocabulary();
    const scanner = new WordScanner(vocabulary);
    const text =
      'The Café in Zürich: naïve résumé (2024) for ACME-Corp; a x yz ÜNÏCÖDÉ façade 東京 ТЕСТ नमस्ते 𝒜𝒷𝒸 e\u0301t\u00e9 ΟΔΟΣ İstanbul 𐐀𐐁';
    expect(scanned(scanner, vocabulary, text)).toEqual(wordsOf(text, { splitCase: false }));
  });

  it('agrees with wordsOf on random texts, and numbers each word as the vocabulary does', () => {
    const random = seededRandom(7);
    const alphabet = [...'abcdefghijklmnopqrstuvwxyzABCDÉÜ  ,.-_0123456789\u0301éüßçøå東京тнि्𝒜ΣİΩ𐐀\n'];
    const vocabulary = new Vocabulary();
    const scanner = new WordScanner(vocabulary);
    for (let n = 0; n < 300; n += 1) {
      const text = Array.from(
        { length: Math.floor(random() * 200) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join('');
      const words = wordsOf(text, { splitCase: false });
      expect(scanned(scanner, vocabulary, text)).toEqual(words);
      expect([...scanner.scan(text)]).toEqual(words.map((w) => vocabulary.word(w)));
    }
  });

  it('keeps the stop words out however often they come', () => {
    const vocabulary = new Vocabulary();
    const scanner = new WordScanner(vocabulary);
    for (let n = 0; n < 3; n += 1) {
      expect(scanned(scanner, vocabulary, 'The invoice and the receipt')).toEqual(['invoice', 'receipt']);
    }
  });
});
