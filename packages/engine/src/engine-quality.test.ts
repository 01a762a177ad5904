import { describe, expect, it } from 'vitest';
import { syntheticCorpus } from './corpus/synthetic.js';
import { evaluate, type LabeledItem } from './evaluate.js';
import { seededRandom } from './random.js';
import { Engine } from './recommend.js';
import type { EngineBinder, EngineItem, FiledItem } from './types.js';
import { chooseThreshold } from './validation.js';

const corpusOf = (flavour: 'tuning' | 'holdout', seed = 1, perBinder = 30): LabeledItem[] =>
  syntheticCorpus({ seed, flavour, perBinder }).flatMap((b) =>
    b.items.map((item) => ({ item, drawer: b.drawer, binder: b.binder })),
  );
const keyOf = (l: LabeledItem) => `${l.drawer}/${l.binder}`;

/** A stratified split: `fraction` of each binder filed, the rest held out. */
function split(corpus: LabeledItem[], fraction: number, seed: number) {
  const random = seededRandom(seed);
  const byBinder = new Map<string, LabeledItem[]>();
  for (const l of corpus) byBinder.set(keyOf(l), [...(byBinder.get(keyOf(l)) ?? []), l]);
  const filed: LabeledItem[] = [];
  const held: LabeledItem[] = [];
  for (const items of byBinder.values()) {
    const order = items.map((l) => ({ l, r: random() })).sort((a, b) => a.r - b.r);
    const n = Math.max(1, Math.round(items.length * fraction));
    order.forEach(({ l }, i) => {
      (i < n ? filed : held).push(l);
    });
  }
  const binders: EngineBinder[] = [...byBinder.keys()].sort().map((key) => {
    const [drawer = '', binder = ''] = key.split('/');
    return { id: key, name: binder, drawerId: drawer, drawerName: drawer };
  });
  const asFiled = (l: LabeledItem): FiledItem => ({ ...l.item, binderId: keyOf(l) });
  return { binders, filed: filed.map(asFiled), held };
}

describe('the engine on held-out items of a desk it was not trained on', () => {
  it('is as sure as it is right: confidence matches accuracy within 0.05', () => {
    // Twice the usual desk, so each confidence band holds enough items to say.
    const { binders, filed, held } = split(corpusOf('tuning', 1, 60), 0.5, 1);
    const engine = Engine.train({ binders, filed, unfiled: held.map((l) => l.item) });
    let confidence = 0;
    let right = 0;
    const bins = Array.from({ length: 5 }, () => ({ n: 0, confidence: 0, right: 0 }));
    for (const l of held) {
      const [best] = engine.rank(l.item, 1);
      const c = best?.score ?? 0;
      const r = best?.binderId === keyOf(l) ? 1 : 0;
      confidence += c;
      right += r;
      const bin = bins[Math.min(4, Math.floor(c * 5))] as (typeof bins)[number];
      bin.n += 1;
      bin.confidence += c;
      bin.right += r;
    }
    expect(Math.abs(confidence - right) / held.length).toBeLessThanOrEqual(0.05);
    // The expected calibration error: each confidence band as right as it is sure, on average.
    const error = bins.reduce((s, b) => s + Math.abs(b.confidence - b.right), 0) / held.length;
    expect(error).toBeLessThanOrEqual(0.05);
  });

  it('does not favour the biggest binder: a skewed desk files its small binders right', () => {
    const corpus = corpusOf('holdout');
    const sizes = new Map<string, number>();
    for (const l of corpus) sizes.set(keyOf(l), (sizes.get(keyOf(l)) ?? 0) + 1);
    const [biggest] = [...sizes].sort((a, b) => b[1] - a[1]);
    // The biggest binder ten times over (copies under new ids), every other as it is.
    const skewed = corpus.flatMap((l) =>
      keyOf(l) === biggest?.[0]
        ? Array.from({ length: 10 }, (_, i) => ({ ...l, item: { ...l.item, id: `${l.item.id}-${i}` } }))
        : [l],
    );
    const { binders, filed, held } = split(skewed, 0.7, 2);
    const engine = Engine.train({ binders, filed, unfiled: held.map((l) => l.item) });
    const small = held.filter((l) => keyOf(l) !== biggest?.[0]);
    const intoBiggest = small.filter((l) => engine.rank(l.item, 1)[0]?.binderId === biggest?.[0]).length;
    const right = small.filter((l) => engine.rank(l.item, 1)[0]?.binderId === keyOf(l)).length;
    expect(right / small.length).toBeGreaterThan(0.85);
    expect(intoBiggest / small.length).toBeLessThan(0.05);
  });

  it('loses nothing to dates that say nothing: random dates file as well as none', () => {
    const corpus = corpusOf('holdout');
    for (const seed of [1, 2]) {
      const none = evaluate(corpus, { filedFraction: 0.8, seed, dates: 'none', rounds: 0 });
      const random = evaluate(corpus, { filedFraction: 0.8, seed, dates: 'random', rounds: 0 });
      expect(random.top1).toBeGreaterThanOrEqual(none.top1 - 0.01);
    }
  });

  it('answers the same for the same desk and seed, whatever order the items come in', () => {
    const { binders, filed, held } = split(corpusOf('holdout'), 0.6, 3);
    const unfiled = held.map((l) => l.item);
    const a = Engine.train({ binders, filed, unfiled });
    const b = Engine.train({ binders, filed, unfiled: [...unfiled].reverse() });
    expect(unfiled.map((item) => a.rank(item))).toEqual(unfiled.map((item) => b.rank(item)));
    expect(a.recommend(unfiled)).toEqual(b.recommend([...unfiled].reverse()));
  });
});

describe('the threshold for proposing a binder', () => {
  it('is the one that does most good on the held-out items', () => {
    // Items right at 0.9 and wrong at 0.4: anything between places the right ones only.
    const known = [
      ...Array.from({ length: 20 }, () => ({ confidence: 0.9, right: true })),
      ...Array.from({ length: 20 }, () => ({ confidence: 0.4, right: false })),
    ];
    expect(chooseThreshold(known, [])).toBeGreaterThan(0.4);
    expect(chooseThreshold(known, [])).toBeLessThanOrEqual(0.9);
    // Items of binders the models never saw, as sure as 0.85: the threshold rises above them.
    expect(
      chooseThreshold(
        known,
        Array.from({ length: 20 }, () => 0.85),
      ),
    ).toBeGreaterThan(0.85);
  });

  it("is learned on each desk's own filing: a desk of look-alike binders asks for more certainty", () => {
    const clear = split(corpusOf('holdout'), 0.8, 1);
    const clearEngine = Engine.train({ ...clear, unfiled: clear.held.map((l) => l.item) });
    // The same desk with half of each binder's items given the words of another binder.
    const blurred = corpusOf('holdout').map((l, i, all) => {
      const other = all[(i * 7 + 3) % all.length] as LabeledItem;
      return i % 2 === 0 ? l : { ...l, item: { ...other.item, id: l.item.id } };
    });
    const muddy = split(blurred, 0.8, 1);
    const muddyEngine = Engine.train({ ...muddy, unfiled: muddy.held.map((l) => l.item) });
    expect(muddyEngine.threshold).not.toBe(clearEngine.threshold);
    const placed = (engine: Engine, held: LabeledItem[]) =>
      engine
        .recommend(held.map((l) => l.item))
        .filter((g) => g.binderId !== null)
        .reduce((n, g) => n + g.objectIds.length, 0) / held.length;
    expect(placed(muddyEngine, muddy.held)).toBeLessThan(placed(clearEngine, clear.held));
  });
});

describe('a desk of empty, well-named binders', () => {
  const binder = (name: string, drawer: string): EngineBinder => ({
    id: name.toLowerCase(),
    name,
    drawerId: drawer.toLowerCase(),
    drawerName: drawer,
  });
  const binders = [
    binder('Taxes', 'Finance'),
    binder('Utilities', 'Home'),
    binder('Insurance', 'Finance'),
    binder('Recipes', 'Home'),
    binder('Travel', 'Trips'),
  ];
  const doc = (id: string, name: string, text: string): EngineItem => ({
    id,
    kind: 'file_object',
    name,
    source: 'easio',
    mimeType: 'application/pdf',
    text,
  });
  const items: [EngineItem, string][] = [
    [
      doc(
        '1',
        'scan-0012.pdf',
        'IRS notice: your tax refund for 2024 has been issued. Taxable income, deductions.',
      ),
      'taxes',
    ],
    [doc('2', 'letter.pdf', 'HMRC self assessment: tax due by 31 January. Withholding and VAT.'), 'taxes'],
    [
      doc('3', 'bill march.pdf', 'Electricity bill: 312 kWh used, meter reading 48211. Energy supplier.'),
      'utilities',
    ],
    [
      doc('4', 'water.pdf', 'Your water and sewer charges for the quarter. Meter reading attached.'),
      'utilities',
    ],
    [
      doc('5', 'policy.pdf', 'Home insurance policy renewal: premium, deductible and coverage limits.'),
      'insurance',
    ],
    [
      doc('6', 'claim.pdf', 'Your insurance claim was received. The insurer will review the coverage.'),
      'insurance',
    ],
    [
      doc('7', 'curry.txt', 'Recipe: lentil curry. Ingredients: 1 cup lentils, 2 tbsp oil, salt. Simmer.'),
      'recipes',
    ],
    [
      doc(
        '8',
        'cake.txt',
        'Bake at 180°C. Flour, sugar, butter: ingredient list for the sponge cake recipe.',
      ),
      'recipes',
    ],
    [
      doc('9', 'rome.pdf', 'Itinerary: flight to Rome, hotel booking confirmation and reservation number.'),
      'travel',
    ],
    [
      doc('10', 'visa.pdf', 'Travel visa and passport details for the trip to Japan. Hotel reservation.'),
      'travel',
    ],
  ];

  it('files items into the binder their name speaks of, with nothing filed yet', () => {
    const unfiled = items.map(([item]) => item);
    const engine = Engine.train({ binders, filed: [], unfiled });
    for (const [item, binderId] of items)
      expect(engine.rank(item, 1)[0]?.binderId, item.text ?? '').toBe(binderId);
    const groups = engine.recommend(unfiled);
    for (const [item, binderId] of items) {
      expect(groups.find((g) => g.objectIds.includes(item.id))?.binderId, item.text ?? '').toBe(binderId);
    }
  });

  it('still does beside binders full of other things', () => {
    const work = binder('Work', 'Work');
    const reports = Array.from({ length: 30 }, (_, i) => ({
      ...doc(
        `w${i}`,
        `Weekly report ${i}.docx`,
        `Project status report for week ${i}: meeting notes, client deadlines.`,
      ),
      binderId: 'work',
    }));
    const unfiled = items.map(([item]) => item);
    const engine = Engine.train({ binders: [...binders, work], filed: reports, unfiled });
    const right = items.filter(([item, binderId]) => engine.rank(item, 1)[0]?.binderId === binderId).length;
    expect(right).toBeGreaterThanOrEqual(9);
  });
});
