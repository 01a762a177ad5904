import { describe, expect, it } from 'vitest';
import { Combiner, type Evidence, NONE } from './combiner.js';
import { seededRandom } from './random.js';

/** Items of 4 candidates with 2 signals: the first says where the item belongs, the second is noise. */
function simulate(count: number, seed: number, novelShare = 0) {
  const random = seededRandom(seed);
  const evidence: Evidence[] = [];
  const truth: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const novel = random() < novelShare;
    const answer = novel ? NONE : Math.floor(random() * 4);
    const values = new Float64Array(8);
    for (let b = 0; b < 4; b += 1) {
      values[b] = (b === answer ? 1.5 : 0) + random() - 0.5;
      values[4 + b] = random();
    }
    evidence.push({ binders: Int32Array.of(0, 1, 2, 3), values });
    truth.push(answer);
  }
  return { evidence, truth };
}

describe('Combiner', () => {
  it('weighs a telling signal and leaves a useless one at about nothing', () => {
    const { evidence, truth } = simulate(2000, 1);
    const combiner = Combiner.fit(evidence, truth, 2);
    expect(combiner.weights[0]).toBeGreaterThan(2);
    expect(Math.abs(combiner.weights[1] as number)).toBeLessThan(0.3);
  });

  it('gives probabilities as right as they are sure, on items it was not fitted on', () => {
    const fitted = Combiner.fit(...(Object.values(simulate(3000, 2)) as [Evidence[], number[]]), 2);
    const { evidence, truth } = simulate(3000, 3);
    let sure = 0;
    let right = 0;
    evidence.forEach((e, i) => {
      const p = fitted.probabilities(e);
      let best = 0;
      for (let b = 1; b < 4; b += 1) if ((p[b] as number) > (p[best] as number)) best = b;
      sure += p[best] as number;
      right += best === truth[i] ? 1 : 0;
    });
    expect(Math.abs(sure - right) / evidence.length).toBeLessThan(0.03);
  });

  it('learns how often an item belongs in none of the candidates', () => {
    const { evidence, truth } = simulate(3000, 4, 0.3);
    const combiner = Combiner.fit(evidence, truth, 2);
    const none = evidence.map((e) => combiner.probabilities(e)[4] as number);
    const meanNone = none.reduce((s, x) => s + x, 0) / none.length;
    expect(meanNone).toBeGreaterThan(0.2);
    expect(meanNone).toBeLessThan(0.4);
    // Items of none are the ones it thinks most likely to be.
    const ofNone = none.filter((_, i) => truth[i] === NONE);
    const ofSome = none.filter((_, i) => truth[i] !== NONE);
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean(ofNone)).toBeGreaterThan(mean(ofSome) + 0.2);
  });

  it('weighs only the candidates an item has', () => {
    const combiner = new Combiner(1, Float64Array.of(1, -20));
    const p = combiner.probabilities({
      binders: Int32Array.of(7, 9),
      values: Float64Array.of(0, Math.log(3)),
    });
    expect(p).toHaveLength(3);
    expect(p[1]).toBeCloseTo(0.75, 5);
  });
});
