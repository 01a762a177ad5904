import { singular } from './concepts.js';
import { seededRandom } from './random.js';
import { Engine } from './recommend.js';
import { trainLinearSvm } from './reference/linear-svm.js';
import { trainNaiveBayes } from './reference/naive-bayes.js';
import type { ReferenceModel } from './reference/reference-text.js';
import { shuffled } from './sampling.js';
import type { EngineBinder, EngineItem, FiledItem, FilingEvent } from './types.js';

/** An item with the drawer and binder it truly belongs in (the ground truth of an evaluation). */
export interface LabeledItem {
  item: EngineItem;
  drawer: string;
  binder: string;
}

/**
 * How the items are dated for the engine: as the corpus dates them (`file`: a file's modification
 * time, a mail's Date), not at all (`none`), or at random over four years (`random`, seeded), so a
 * run can show that dates which say nothing about binders cost nothing.
 */
export type DateMode = 'file' | 'none' | 'random';

export interface EvaluationOptions {
  /** The share of each binder filed as the user's existing filing (stratified, at least one item). */
  filedFraction: number;
  seed: number;
  /** Rounds of simulated review after the first answer (accept right groups, correct wrong ones). */
  rounds?: number;
  /** The share of binders hidden entirely for the grouping pass (their items must be grouped anew). */
  heldOutBinders?: number;
  dates?: DateMode;
  /** Also train the textbook references on the same split and report their top-1. */
  baseline?: boolean;
  /** A clock in milliseconds; when given, training and ranking are timed (the figures are then not deterministic). */
  clock?: () => number;
}

export interface Evaluation {
  items: number;
  binders: number;
  /** Of the unfiled items: the share whose true binder is ranked first / among the first three. */
  top1: number;
  top3: number;
  drawer_top1: number;
  /** Of the unfiled items: the share the engine proposes for a binder (the rest it leaves for new groups)… */
  coverage: number;
  /** …and of those, the share proposed for the right one. */
  precision: number;
  /** Adjusted Rand index of the groups proposed for the items of held-out binders. */
  ari: number;
  /**
   * Of the held-out binders: the share whose own name is among the first three names offered for
   * the new group holding most of their items.
   */
  name_hit3: number;
  /**
   * The held-out binders again, now on the desk but empty (only their names): the share of their
   * items ranked first into their own binder.
   */
  empty_top1: number;
  /**
   * top-1 after each round of simulated review, over the same items every round: those still unfiled
   * after the last (`probe` is their top-1 before any review).
   */
  rounds: number[];
  probe: number;
  /** The textbook references' top-1 on the same split (with `baseline`). */
  baseline?: { nb: number; linear: number };
  /** With a clock: training on the filed items, and ranking every unfiled one, in milliseconds. */
  train_ms?: number;
  predict_ms?: number;
}

const keyOf = (l: LabeledItem) => `${l.drawer}/${l.binder}`;

/** Splits each binder: `fraction` of it filed (at least one item), the rest left unfiled. */
function split(corpus: LabeledItem[], fraction: number, random: () => number) {
  const byBinder = new Map<string, LabeledItem[]>();
  for (const l of corpus) {
    const list = byBinder.get(keyOf(l));
    if (list) list.push(l);
    else byBinder.set(keyOf(l), [l]);
  }
  const filed: LabeledItem[] = [];
  const unfiled: LabeledItem[] = [];
  for (const key of [...byBinder.keys()].sort()) {
    const items = shuffled(byBinder.get(key) ?? [], random);
    const n = Math.max(1, Math.round(items.length * fraction));
    filed.push(...items.slice(0, n));
    unfiled.push(...items.slice(n));
  }
  return { filed, unfiled, keys: [...byBinder.keys()].sort() };
}

function bindersOf(keys: string[]): EngineBinder[] {
  return keys.map((key) => {
    const [drawer = '', binder = ''] = key.split('/');
    return { id: key, name: binder, drawerId: drawer, drawerName: drawer };
  });
}

const asFiled = (l: LabeledItem): FiledItem => ({ ...l.item, binderId: keyOf(l) });

/** The corpus with its items dated as `mode` says (a copy; the corpus is left as it is). */
function dated(corpus: LabeledItem[], mode: DateMode, seed: number): LabeledItem[] {
  if (mode === 'file') return corpus;
  const random = seededRandom(seed ^ 0x5eed);
  const start = Date.UTC(2021, 0, 1);
  const span = 4 * 365 * 86_400_000;
  return corpus.map((l) => ({
    ...l,
    item: { ...l.item, date: mode === 'none' ? null : start + Math.floor(random() * span), ownDate: false },
  }));
}

function accuracy(engine: Engine, unfiled: LabeledItem[]) {
  let top1 = 0;
  let top3 = 0;
  let drawer = 0;
  for (const l of unfiled) {
    const ranked = engine.rank(l.item, 3);
    if (ranked[0]?.binderId === keyOf(l)) top1 += 1;
    if (ranked.some((p) => p.binderId === keyOf(l))) top3 += 1;
    if (ranked[0]?.binderId.split('/')[0] === l.drawer) drawer += 1;
  }
  const n = Math.max(1, unfiled.length);
  return { top1: top1 / n, top3: top3 / n, drawer: drawer / n };
}

/** Of the unfiled items, the share proposed for a binder, and the share of those proposed rightly. */
function placement(engine: Engine, unfiled: LabeledItem[]) {
  const truth = new Map(unfiled.map((l) => [l.item.id, keyOf(l)]));
  let placed = 0;
  let right = 0;
  for (const g of engine.recommend(unfiled.map((l) => l.item))) {
    if (g.binderId === null) continue;
    placed += g.objectIds.length;
    right += g.objectIds.filter((id) => truth.get(id) === g.binderId).length;
  }
  return { coverage: placed / Math.max(1, unfiled.length), precision: placed > 0 ? right / placed : 0 };
}

/** A name as compared: its words, singular, lower case, years and numbers left out. */
export function nameKey(name: string): string {
  return (name.toLowerCase().match(/\p{L}+/gu) ?? []).map(singular).join(' ');
}

/** Adjusted Rand index of two labellings of the same items (1: the same partition; ~0: chance). */
export function adjustedRandIndex(a: string[], b: string[]): number {
  const n = a.length;
  if (n < 2) return 1;
  const pairs = (x: number) => (x * (x - 1)) / 2;
  const table = new Map<string, number>();
  const rows = new Map<string, number>();
  const cols = new Map<string, number>();
  a.forEach((x, i) => {
    const y = b[i] as string;
    table.set(`${x}\u0000${y}`, (table.get(`${x}\u0000${y}`) ?? 0) + 1);
    rows.set(x, (rows.get(x) ?? 0) + 1);
    cols.set(y, (cols.get(y) ?? 0) + 1);
  });
  const index = [...table.values()].reduce((s, v) => s + pairs(v), 0);
  const sumRows = [...rows.values()].reduce((s, v) => s + pairs(v), 0);
  const sumCols = [...cols.values()].reduce((s, v) => s + pairs(v), 0);
  const expected = (sumRows * sumCols) / pairs(n);
  const max = (sumRows + sumCols) / 2;
  return max === expected ? 1 : (index - expected) / (max - expected);
}

/** The review rounds: each a third of what is left, the user accepting right proposals and moving wrong ones. */
function reviewRounds(
  engine: Engine,
  binders: EngineBinder[],
  filed: LabeledItem[],
  unfiled: LabeledItem[],
  roundCount: number,
  random: () => number,
) {
  // The user reviews a third of what is left each round, in an order fixed up front; the items never
  // reviewed are the probe every round is measured on, so the rounds compare like with like.
  const order = shuffled(unfiled, random);
  const reviews: LabeledItem[][] = [];
  let left = order;
  for (let round = 0; round < roundCount && left.length > 0; round += 1) {
    const size = Math.ceil(left.length / 3);
    reviews.push(left.slice(0, size));
    left = left.slice(size);
  }
  const probe = left;
  const rounds: number[] = [];
  let current = engine;
  const nowFiled = filed.map(asFiled);
  const events: FilingEvent[] = [];
  let pending = unfiled;
  for (const reviewed of reviews) {
    const ids = new Set(reviewed.map((l) => l.item.id));
    for (const l of reviewed) {
      const proposed = current.rank(l.item, 1)[0]?.binderId;
      const right = proposed === keyOf(l);
      // A correction is both: the proposal turned down, the item moved where it belongs.
      if (proposed && !right) events.push({ objectId: l.item.id, binderId: proposed, kind: 'dismissed' });
      events.push({ objectId: l.item.id, binderId: keyOf(l), kind: right ? 'accepted' : 'moved' });
      nowFiled.push(asFiled(l));
    }
    pending = pending.filter((l) => !ids.has(l.item.id));
    // As the product does: the next suggestions come from training again on the desk and its history.
    current = Engine.train({ binders, filed: nowFiled, unfiled: pending.map((l) => l.item), events });
    rounds.push(accuracy(current, probe).top1);
  }
  return { rounds, probe: accuracy(engine, probe).top1 };
}

/**
 * Hides a share of the binders entirely: the groups proposed for their items are compared with the
 * truth (adjusted Rand index), and their names with the names offered; then the same binders are put
 * back empty, named, and their items ranked among all.
 */
function heldOut(corpus: LabeledItem[], keys: string[], share: number, random: () => number) {
  const hidden = new Set(shuffled(keys, random).slice(0, Math.max(1, Math.round(keys.length * share))));
  const known = corpus.filter((l) => !hidden.has(keyOf(l)));
  const unknown = corpus.filter((l) => hidden.has(keyOf(l)));
  const binders = bindersOf(keys);
  const grouping = Engine.train({
    binders: binders.filter((b) => !hidden.has(b.id)),
    filed: known.map(asFiled),
    unfiled: unknown.map((l) => l.item),
  });
  const groupOf = new Map<string, string>();
  const groups = grouping.recommend(unknown.map((l) => l.item));
  groups.forEach((g, i) => {
    for (const id of g.objectIds) groupOf.set(id, g.binderId ?? `new-${i}`);
  });
  const ari = adjustedRandIndex(
    unknown.map(keyOf),
    unknown.map((l) => groupOf.get(l.item.id) ?? 'none'),
  );
  let hits = 0;
  for (const key of hidden) {
    const own = new Set(unknown.filter((l) => keyOf(l) === key).map((l) => l.item.id));
    const [best] = groups
      .filter((g) => g.binderId === null)
      .map((g) => ({ g, n: g.objectIds.filter((id) => own.has(id)).length }))
      .sort((a, b) => b.n - a.n);
    const name = nameKey(key.split('/')[1] ?? '');
    if (best && best.n > 0 && best.g.binderNameOptions.slice(0, 3).some((o) => nameKey(o) === name))
      hits += 1;
  }
  const withEmpty = Engine.train({ binders, filed: known.map(asFiled), unfiled: unknown.map((l) => l.item) });
  const emptyRight = unknown.filter((l) => withEmpty.rank(l.item, 1)[0]?.binderId === keyOf(l)).length;
  return {
    ari,
    name_hit3: hits / hidden.size,
    empty_top1: emptyRight / Math.max(1, unknown.length),
  };
}

function referenceTop1(
  train: (examples: { item: EngineItem; label: string }[]) => ReferenceModel,
  filed: LabeledItem[],
  unfiled: LabeledItem[],
) {
  const model = train(filed.map((l) => ({ item: l.item, label: keyOf(l) })));
  return unfiled.filter((l) => model.predict(l.item) === keyOf(l)).length / Math.max(1, unfiled.length);
}

/**
 * How well the engine files a labelled corpus: a seeded, stratified `filedFraction` of each binder
 * is the user's filing; the rest is ranked (top-1, top-3, drawer) and recommended (coverage and
 * precision of the binders proposed). Then rounds of review: the user accepts the items placed right
 * and files the wrong ones where they belong (turning the wrong proposal down: a dismissal for that
 * binder), and what is still unfiled is ranked again by an engine trained anew on the desk and that
 * history, as the product's next generation would be. Finally a share of the binders is hidden
 * entirely: the groups proposed for their items are compared with the truth (adjusted Rand index)
 * and their names with the binders' own; and, put back empty, how many of their items their names
 * alone draw.
 */
export function evaluate(input: LabeledItem[], options: EvaluationOptions): Evaluation {
  const corpus = dated(input, options.dates ?? 'file', options.seed);
  const random = seededRandom(options.seed);
  const { filed, unfiled, keys } = split(corpus, options.filedFraction, random);
  const binders = bindersOf(keys);
  const clock = options.clock;
  const t0 = clock?.() ?? 0;
  const engine = Engine.train({ binders, filed: filed.map(asFiled), unfiled: unfiled.map((l) => l.item) });
  const t1 = clock?.() ?? 0;
  const first = accuracy(engine, unfiled);
  const t2 = clock?.() ?? 0;
  const placed = placement(engine, unfiled);
  const review = reviewRounds(engine, binders, filed, unfiled, options.rounds ?? 3, random);
  const held = heldOut(corpus, keys, options.heldOutBinders ?? 0.2, random);
  return {
    items: corpus.length,
    binders: keys.length,
    top1: first.top1,
    top3: first.top3,
    drawer_top1: first.drawer,
    ...placed,
    ...held,
    ...review,
    ...(options.baseline
      ? {
          baseline: {
            nb: referenceTop1(trainNaiveBayes, filed, unfiled),
            linear: referenceTop1(trainLinearSvm, filed, unfiled),
          },
        }
      : {}),
    ...(clock ? { train_ms: t1 - t0, predict_ms: t2 - t1 } : {}),
  };
}
