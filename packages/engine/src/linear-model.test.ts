import { describe, expect, it } from 'vitest';
import { LinearModel, LinearTrainer } from './linear-model.js';
import { seededRandom } from './random.js';
import type { SparseVector } from './vectors.js';

const vec = (...tokens: number[]): SparseVector => ({
  ids: Int32Array.from(tokens),
  values: Float64Array.from(tokens, () => 1 / Math.sqrt(tokens.length)),
});
const best = (model: LinearModel, v: SparseVector) => {
  const s = model.scores(v, new Float64Array(model.classes));
  return s.indexOf(Math.max(...s));
};

// Three classes told apart by tokens 0–2; tokens 10+ are shared noise.
const examples = Array.from({ length: 60 }, (_, i) => ({
  vector: vec(i % 3, 10 + (i % 7), 20 + (i % 5)),
  label: i % 3,
  weight: 1,
}));

describe('LinearModel', () => {
  it('separates what its classes hold, one against the rest', () => {
    const model = new LinearModel(3, 32);
    model.train(examples, { cost: 1, epochs: 20, random: seededRandom(1) });
    for (let c = 0; c < 3; c += 1) expect(best(model, vec(c, 12, 23))).toBe(c);
    // The margins of the own class pass 0, the others' stay below.
    const s = model.scores(vec(1, 11), new Float64Array(3));
    expect(s[1]).toBeGreaterThan(0);
    expect(s[0]).toBeLessThan(0);
  });

  it('learns one more example at once, and a refusal against its class', () => {
    const model = new LinearModel(3, 32);
    model.train(examples, { cost: 1, epochs: 20, random: seededRandom(1) });
    // Token 5 never seen: an item of it alone leans nowhere until one is filed.
    const item = vec(5, 11);
    model.learn(item, 2, true, 2);
    expect(best(model, item)).toBe(2);
    const before = model.score(item, 2);
    model.learn(item, 2, false, 1);
    expect(model.score(item, 2)).toBeLessThan(before);
  });

  it("trains with many classes against each class's rivals only, and keeps its solution when extended", () => {
    const many = Array.from({ length: 400 }, (_, i) => ({
      vector: vec(i % 40, 100 + (i % 9)),
      label: i % 40,
      weight: 1,
    }));
    const model = new LinearModel(40, 256);
    const rivals = Array.from({ length: 40 }, (_, c) => Int32Array.of((c + 1) % 40, (c + 39) % 40));
    const trainer = new LinearTrainer(model, many.slice(0, 200), { random: seededRandom(2), rivals });
    trainer.fit(1, 20);
    for (let c = 0; c < 40; c += 1) expect(best(model, vec(c, 104))).toBe(c);
    const before = model.scores(vec(7, 101), new Float64Array(40));
    trainer.extend(many.slice(200));
    // Nothing changes until it trains again: the new examples start with no weight.
    expect(model.scores(vec(7, 101), new Float64Array(40))).toEqual(before);
    trainer.fit(1, 20);
    for (let c = 0; c < 40; c += 1) expect(best(model, vec(c, 104))).toBe(c);
  });

  it('trains the same for the same seed', () => {
    const a = new LinearModel(3, 32);
    const b = new LinearModel(3, 32);
    a.train(examples, { cost: 0.3, epochs: 5, random: seededRandom(9) });
    b.train(examples, { cost: 0.3, epochs: 5, random: seededRandom(9) });
    expect(a.scores(vec(0, 11), new Float64Array(3))).toEqual(b.scores(vec(0, 11), new Float64Array(3)));
  });
});
