import { describe, expect, it } from 'vitest';
import type { EngineItem } from '../types.js';
import { trainLinearSvm } from './linear-svm.js';
import { trainNaiveBayes } from './naive-bayes.js';
import type { ReferenceExample } from './reference-text.js';

// Nameless, so only the text counts.
const item = (id: string, text: string): EngineItem => ({
  id,
  kind: 'file_object',
  name: '',
  source: 'easio',
  text,
});

// Two classes told apart by their words, a third only by a word they share unevenly: the answers are
// known by hand (naive Bayes worked through on paper, the margin of a separable pair).
const examples: ReferenceExample[] = [
  { item: item('a1', 'invoice amount due'), label: 'bills' },
  { item: item('a2', 'invoice payment due'), label: 'bills' },
  { item: item('a3', 'electricity invoice'), label: 'bills' },
  { item: item('b1', 'flight boarding gate'), label: 'trips' },
  { item: item('b2', 'hotel booking flight'), label: 'trips' },
];

describe('the reference models', () => {
  for (const [name, train] of [
    ['naive Bayes', trainNaiveBayes],
    ['linear SVM', trainLinearSvm],
  ] as const) {
    it(`${name} answers what the textbook does on a tiny corpus`, () => {
      const model = train(examples);
      expect(model.predict(item('q1', 'invoice due tomorrow'))).toBe('bills');
      expect(model.predict(item('q2', 'boarding pass for the flight'))).toBe('trips');
      expect(model.predict(item('q3', 'hotel invoice'))).toBeDefined();
    });
  }

  it('naive Bayes weighs priors and add-one likelihoods exactly', () => {
    // "hotel invoice", vocabulary of 10 words, bills 8 words (invoice ×3), trips 6 (hotel ×1):
    // bills 3/5 × (3+1)/(8+10) × (0+1)/(8+10) = 0.0074 beats trips 2/5 × (0+1)/(6+10) × (1+1)/(6+10) = 0.0031.
    expect(trainNaiveBayes(examples).predict(item('q', 'hotel invoice'))).toBe('bills');
    // Three more "hotel" in trips turn it: trips 3/6 × 1/19 × 5/19 = 0.0069, bills 3/6 × 4/18 × 1/18 = 0.0062.
    const more = [...examples, { item: item('b3', 'hotel hotel hotel'), label: 'trips' }];
    expect(trainNaiveBayes(more).predict(item('q', 'hotel invoice'))).toBe('trips');
  });

  it('the linear SVM separates a separable corpus perfectly', () => {
    const model = trainLinearSvm(examples);
    for (const e of examples) expect(model.predict(e.item)).toBe(e.label);
  });
});
