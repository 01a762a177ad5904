import {
  BaseModels,
  COSTS,
  EPOCHS,
  type Refusal,
  SIGNAL_COUNT,
  type TrainingItem,
  WORK_BUDGET,
} from './base-models.js';
import { Combiner, type Evidence, NONE } from './combiner.js';
import type { LinearTrainer } from './linear-model.js';
import type { NameMatcher } from './name-matcher.js';
import { seededRandom } from './random.js';
import { shuffled } from './sampling.js';
import type { SparseVector } from './vectors.js';

/** The desk as training sees it: binders by number, the filed items, the binders' names as items, the refusals. */
export interface TrainingDesk {
  binders: number;
  features: number;
  names: NameMatcher;
  items: TrainingItem[];
  nameItems: TrainingItem[];
  refusals: Refusal[];
}

/** What validation on the desk's own filing decided. */
export interface Validated {
  /** The linear classifier's cost that filed the held-out items best. */
  cost: number;
  combiner: Combiner;
  /** Below this probability an item is left for grouping rather than proposed for its best binder. */
  threshold: number;
  /** The held-out items' probabilities for their best binder, and whether it was theirs (for calibration reports). */
  known: { confidence: number; right: boolean }[];
  /** The best probability of held-out items whose binder was hidden from training (new to the models). */
  novel: number[];
  /**
   * How alike to its binder's profile a held-out item at least is, all but the least alike
   * `UNFAMILIAR_SHARE` (0 when that cannot be told): on a desk too small to hide binders from
   * validation, an item less alike than this to the binder it would go to is left for grouping.
   */
  familiar: number;
  /**
   * On a desk validated on one held-out part: its models, to be grown into the final ones
   * (`BaseModels.absorb`) rather than a large desk learned twice, with the items they have not learned.
   */
  reuse?: {
    models: BaseModels;
    trainer: LinearTrainer;
    trained: Set<TrainingItem>;
    others: { items: TrainingItem[]; refusals: Refusal[] };
  };
}

/** A desk with fewer filed items than this is validated in three folds; a larger one on one held-out part. */
const FOLD_UP_TO = 3000;
const FOLDS = 3;
/** The held-out part of a large desk. */
const HOLD_OUT = 400;
/** The validation models may work a quarter as much as the final one (`WORK_BUDGET`): they are only compared. */
const FOLD_BUDGET = WORK_BUDGET / 4;
/** The share of binders hidden from each fold's training, so their held-out items are new to it. */
const HIDDEN_SHARE = 0.2;
/** Binders a desk needs before some are hidden (with two, hiding one leaves nothing to choose from). */
const HIDE_FROM = 3;
/**
 * What placing an item costs when it belongs in no existing binder, against the gain of placing a
 * known one right (+1) or the loss of placing it wrong (−1): a new item misfiled is as bad as a wrong
 * one, but new items are fewer than filed ones (weighed as a quarter of the held-out items).
 */
const NOVEL_SHARE = 0.25;
/** The share of held-out items allowed to be less alike to their binder than `familiar`. */
const UNFAMILIAR_SHARE = 0.05;
const EVEN_ODDS = 0.5;
const THRESHOLDS = Array.from({ length: 17 }, (_, i) => 0.15 + i * 0.05);

/**
 * Holds part of the filed items out, trains the models on the rest (with some binders hidden
 * entirely), and fits on the held-out items how much each signal counts (the combiner, calibrated)
 * and the probability below which an item is better left for grouping: both from this desk's own
 * filing, never from constants tuned elsewhere.
 */
export function validate(desk: TrainingDesk, seed: number): Validated {
  const random = seededRandom(seed);
  const k = desk.binders;
  const order = shuffled(
    desk.items.map((_, i) => i),
    random,
  );
  const folds: number[][] = [];
  if (desk.items.length < FOLD_UP_TO) {
    for (let f = 0; f < FOLDS; f += 1) folds.push(order.filter((_, i) => i % FOLDS === f));
  } else {
    folds.push(order.slice(0, HOLD_OUT));
  }
  const binderOrder = shuffled(
    Array.from({ length: k }, (_, b) => b),
    random,
  );
  const hiddenPerFold = k >= HIDE_FROM ? Math.max(1, Math.round(k * HIDDEN_SHARE)) : 0;

  // Held-out items with their evidence, and the linear margins for every cost tried.
  const held: Held[] = [];
  let reuse: Validated['reuse'];
  folds.forEach((fold, f) => {
    const inFold = new Set(fold);
    const hidden = new Set(binderOrder.slice(f * hiddenPerFold, (f + 1) * hiddenPerFold));
    const training = desk.items.filter((t, i) => !inFold.has(i) && !hidden.has(t.binder));
    if (training.length === 0) return;
    const { models, trainer, trained } = BaseModels.prepare(
      k,
      desk.features,
      desk.names,
      [...training, ...desk.nameItems.filter((t) => !hidden.has(t.binder))],
      desk.refusals.filter((r) => !hidden.has(r.binder)),
      { seed: seed + f + 1, budget: FOLD_BUDGET },
    );
    if (folds.length === 1) {
      const others = {
        items: [
          ...desk.items.filter((t, i) => inFold.has(i) || hidden.has(t.binder)),
          ...desk.nameItems.filter((t) => hidden.has(t.binder)),
        ],
        refusals: desk.refusals.filter((r) => hidden.has(r.binder)),
      };
      reuse = { models, trainer, trained, others };
    }
    const allowed = new Uint8Array(k).fill(1);
    for (const b of hidden) allowed[b] = 0;
    const start = held.length;
    for (const i of fold) {
      const t = desk.items[i] as TrainingItem;
      const novel = hidden.has(t.binder);
      const evidence = models.evidence(t.item, t.vector, {
        allowed,
        ...(novel ? {} : { include: t.binder }),
      });
      held.push({ vector: t.vector, evidence, margins: [], truth: t.binder, novel });
    }
    const mine = held.slice(start);
    // Up the path while the fold files its held-out items better; past that, larger costs only take
    // longer (they converge slowest), so the last margins stand for them.
    let best = -1;
    let stopped = false;
    for (const cost of COSTS) {
      if (stopped) {
        for (const h of mine) h.margins.push(h.margins.at(-1) as Float64Array);
        continue;
      }
      trainer.fit(cost, EPOCHS);
      for (const h of mine) {
        h.margins.push(
          models.marginsInto(h.vector, h.evidence.binders, new Float64Array(h.evidence.binders.length)),
        );
      }
      const right = rightCount(mine, (mine[0]?.margins.length ?? 1) - 1);
      if (right <= best) stopped = true;
      else best = right;
    }
  });

  // The cost whose classifier alone files the held-out known items best (the smaller when equal).
  const known = held.filter((h) => !h.novel);
  let chosen = 0;
  let bestRight = -1;
  COSTS.forEach((_, c) => {
    const right = rightCount(known, c);
    if (right > bestRight) {
      bestRight = right;
      chosen = c;
    }
  });
  for (const h of held) h.evidence.values.set(h.margins[chosen] as Float64Array, 0);
  const knownEvidence = known.map((h) => h.evidence);
  const knownTruth = known.map((h) => h.truth);
  const novelEvidence = held.filter((h) => h.novel).map((h) => h.evidence);

  const combiner = Combiner.fit(
    [...knownEvidence, ...novelEvidence],
    [...knownTruth, ...novelEvidence.map(() => NONE)],
    SIGNAL_COUNT,
  );
  const p = new Float64Array(k + 1);
  const knownResults = knownEvidence.map((e, i) => {
    const best = argmax(combiner.probabilities(e, p).subarray(0, e.binders.length));
    return { confidence: p[best] as number, right: e.binders[best] === knownTruth[i] };
  });
  const novel = novelEvidence.map((e) => {
    combiner.probabilities(e, p);
    return e.binders.length > 0 ? (p[argmax(p.subarray(0, e.binders.length))] as number) : 0;
  });
  const similarities = known
    .map((h) => h.evidence.values[h.evidence.binders.length + h.evidence.binders.indexOf(h.truth)] ?? 0)
    .sort((a, b) => a - b);
  const familiar =
    novel.length > 0 ? 0 : (similarities[Math.floor(similarities.length * UNFAMILIAR_SHARE)] ?? 0);
  return {
    cost: COSTS[chosen] as number,
    combiner,
    // Without items new to the models to learn from, no less than even odds.
    threshold: Math.max(chooseThreshold(knownResults, novel), novel.length > 0 ? 0 : EVEN_ODDS),
    known: knownResults,
    novel,
    familiar,
    ...(reuse ? { reuse } : {}),
  };
}

/**
 * The threshold that does most good on the held-out items: +1 for a known item placed right, −1
 * placed wrong, 0 left for grouping; −1 for a new item placed anywhere (weighed to `NOVEL_SHARE` of
 * all). The lowest of equally good thresholds, so as much as is sure enough gets placed.
 */
export function chooseThreshold(known: { confidence: number; right: boolean }[], novel: number[]): number {
  const novelWeight =
    novel.length > 0 ? (known.length * NOVEL_SHARE) / ((1 - NOVEL_SHARE) * novel.length) : 0;
  let best = THRESHOLDS[0] as number;
  let bestGain = Number.NEGATIVE_INFINITY;
  for (const t of THRESHOLDS) {
    let gain = 0;
    for (const { confidence, right } of known) if (confidence >= t) gain += right ? 1 : -1;
    for (const confidence of novel) if (confidence >= t) gain -= novelWeight;
    if (gain > bestGain + 1e-9) {
      best = t;
      bestGain = gain;
    }
  }
  return best;
}

/** A held-out item: its vector, its evidence, the classifier's margins for each cost tried, its answer. */
interface Held {
  vector: SparseVector;
  evidence: Evidence;
  margins: Float64Array[];
  truth: number;
  novel: boolean;
}

/** How many of the held-out items of known binders the margins of cost `c` put in their binder. */
function rightCount(held: Held[], c: number): number {
  return held.filter((h) => !h.novel && h.evidence.binders[argmax(h.margins[c] as Float64Array)] === h.truth)
    .length;
}

export function argmax(x: ArrayLike<number>): number {
  let best = 0;
  for (let i = 1; i < x.length; i += 1) if ((x[i] as number) > (x[best] as number)) best = i;
  return best;
}
