import { describe, expect, it } from 'vitest';
import { evaluate, percent } from './evaluate.js';
import { FORMATS, generate, TEMPLATES } from './generate.js';

const today = new Date('2026-11-27T12:00:00Z');

describe('the document date evaluation', () => {
  it('makes the same documents for a seed, with every format and template', () => {
    const samples = generate(2000, 7, today);
    expect(generate(2000, 7, today)).toEqual(samples);
    expect(new Set(samples.map((s) => s.format))).toEqual(new Set(Object.keys(FORMATS)));
    expect(new Set(samples.map((s) => s.template))).toEqual(new Set(Object.keys(TEMPLATES)));
    for (const sample of samples.slice(0, 50)) expect(sample.expected <= '2026-11-27').toBe(true);
  });

  it('finds at least 95 % of the dates, in every format', () => {
    const result = evaluate(generate(3000, 1, today), today);
    expect(percent(result.overall)).toBeGreaterThanOrEqual(95);
    for (const [format, tally] of result.byFormat) expect(percent(tally), format).toBeGreaterThanOrEqual(90);
  });

  it('counts a wrong reading as a miss', () => {
    const [sample] = generate(1, 3, today);
    if (!sample) throw new Error('no sample');
    const wrong = { ...sample, expected: '1901-01-01' };
    const result = evaluate([wrong], today);
    expect(result.overall).toEqual({ right: 0, total: 1 });
    expect(result.misses[0]?.sample).toBe(wrong);
  });
});
