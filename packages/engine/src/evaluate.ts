import { seededRandom } from './random.js';
import { Engine } from './recommend.js';
import type { EngineBinder, EngineItem, FiledItem, FilingEvent } from './types.js';

/** An item with the drawer and binder it truly belongs in (the ground truth of an evaluation). */
export interface LabeledItem {
  item: EngineItem;
  drawer: string;
  binder: string;
}

export interface EvaluationOptions {
  /** The share of each binder filed as the user's existing filing (stratified, at least one item). */
  filedFraction: number;
  seed: number;
  /** Rounds of simulated review after the first answer (accept right groups, correct wrong ones). */
  rounds?: number;
  /** The share of binders hidden entirely for the grouping pass (their items must be grouped anew). */
  heldOutBinders?: number;
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
  /** Adjusted Rand index of the groups proposed for the items of held-out binders. */
  ari: number;
  /**
   * top-1 after each round of simulated review, over the same items every round: those still unfiled
   * after the last (`probe` is their top-1 before any review).
   */
  rounds: number[];
  probe: number;
  /** With a clock: training on the filed items, and ranking every unfiled one, in milliseconds. */
  train_ms?: number;
  predict_ms?: number;
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const keyOf = (l: LabeledItem) => `${l.drawer}/${l.binder}`;

/** Splits each binder: `fraction` of it filed (at least one item), the rest left unfiled. */
function split(corpus: LabeledItem[], fraction: number, random: () => number) {
  const byBinder = new Map<string, LabeledItem[]>();
  for (const l of corpus) byBinder.set(keyOf(l), [...(byBinder.get(keyOf(l)) ?? []), l]);
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

/**
 * How well the engine files a labelled corpus: a seeded, stratified `filedFraction` of each binder
 * is the user's filing; the rest is ranked (top-1, top-3, drawer). Then rounds of review: the user
 * accepts the items placed right and files the wrong ones where they belong (turning the wrong
 * proposal down: a dismissal for that binder), and what is still unfiled is ranked again by an
 * engine trained anew on the desk and that history, as the product's next generation would be.
 * Finally a share of the binders is hidden entirely and the groups proposed for their items are
 * compared with the truth (adjusted Rand index).
 */
export function evaluate(corpus: LabeledItem[], options: EvaluationOptions): Evaluation {
  const random = seededRandom(options.seed);
  const { filed, unfiled, keys } = split(corpus, options.filedFraction, random);
  const binders = bindersOf(keys);
  const clock = options.clock;
  const t0 = clock?.() ?? 0;
  const engine = Engine.train({ binders, filed: filed.map(asFiled), unfiled: unfiled.map((l) => l.item) });
  const t1 = clock?.() ?? 0;
  const first = accuracy(engine, unfiled);
  const t2 = clock?.() ?? 0;

  // The user reviews a third of what is left each round, in an order fixed up front; the items never
  // reviewed are the probe every round is measured on, so the rounds compare like with like.
  const order = shuffled(unfiled, random);
  const roundCount = options.rounds ?? 3;
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

  const hidden = new Set(
    shuffled(keys, random).slice(0, Math.max(1, Math.round(keys.length * (options.heldOutBinders ?? 0.2)))),
  );
  const known = corpus.filter((l) => !hidden.has(keyOf(l)));
  const unknown = corpus.filter((l) => hidden.has(keyOf(l)));
  const grouping = Engine.train({
    binders: binders.filter((b) => !hidden.has(b.id)),
    filed: known.map(asFiled),
    unfiled: unknown.map((l) => l.item),
  });
  const groupOf = new Map<string, string>();
  grouping.recommend(unknown.map((l) => l.item)).forEach((g, i) => {
    for (const id of g.objectIds) groupOf.set(id, g.binderId ?? `new-${i}`);
  });
  const ari = adjustedRandIndex(
    unknown.map(keyOf),
    unknown.map((l) => groupOf.get(l.item.id) ?? 'none'),
  );

  return {
    items: corpus.length,
    binders: keys.length,
    top1: first.top1,
    top3: first.top3,
    drawer_top1: first.drawer,
    ari,
    rounds,
    probe: accuracy(engine, probe).top1,
    ...(clock ? { train_ms: t1 - t0, predict_ms: t2 - t1 } : {}),
  };
}
