import { describe, expect, it } from 'vitest';
import { BinderProfiles } from './binder-profiles.js';
import { Idf } from './vectors.js';

const idf = new Idf();
const vec = (...words: string[]) => idf.vector(new Map(words.map((w) => [w, 1])));

describe('BinderProfiles', () => {
  const items = [
    { binder: 'taxes', vector: vec('tax', 'return', 'income'), weight: 1 },
    { binder: 'taxes', vector: vec('tax', 'refund'), weight: 2 },
    { binder: 'trips', vector: vec('flight', 'hotel', 'goa'), weight: 1 },
    { binder: 'trips', vector: vec('hotel', 'beach'), weight: 1 },
  ];

  it('learns a binder at once exactly as item by item', () => {
    const one = new BinderProfiles();
    for (const i of items) one.learn(i.binder, i.vector, i.weight);
    const all = new BinderProfiles();
    for (const binder of ['taxes', 'trips'])
      all.learnAll(
        binder,
        items.filter((i) => i.binder === binder),
      );
    for (const probe of [vec('tax'), vec('hotel', 'goa'), vec('beach', 'refund')]) {
      expect(all.rank(probe)).toEqual(one.rank(probe));
    }
    expect(all.rank(vec('hotel'))[0]?.binderId).toBe('trips');
  });

  it('takes a dismissal away, never below nothing, and a binder can lose a token entirely', () => {
    const p = new BinderProfiles();
    p.learnAll('taxes', items.slice(0, 2));
    expect(p.rank(vec('income'))).toHaveLength(1);
    p.learn('taxes', vec('income'), -10);
    expect(p.rank(vec('income'))).toEqual([]);
    expect(p.rank(vec('tax'))[0]?.binderId).toBe('taxes');
  });

  it('names every profile by its tokens, scaled to length 1', () => {
    const p = new BinderProfiles();
    p.learnAll('trips', items.slice(2));
    const profile = p.all().get('trips');
    expect([...(profile?.keys() ?? [])].map((t) => idf.vocabulary.tokens[t]).sort()).toEqual([
      'beach',
      'flight',
      'goa',
      'hotel',
    ]);
    const length = Math.sqrt([...(profile?.values() ?? [])].reduce((s, x) => s + x * x, 0));
    expect(length).toBeCloseTo(1, 9);
  });
});
