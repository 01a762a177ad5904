import { BinderProfiles, nthLargest } from './binder-profiles.js';
import type { Evidence } from './combiner.js';
import { type Example, LinearModel, LinearTrainer } from './linear-model.js';
import type { NameMatcher } from './name-matcher.js';
import { seededRandom } from './random.js';
import { shuffled, spread } from './sampling.js';
import { SIDE_SIGNALS, SideSignals } from './side-signals.js';
import type { EngineItem } from './types.js';
import type { SparseVector } from './vectors.js';

/**
 * The signals the engine weighs for each binder, in order: the linear classifier's margin, the
 * similarity to the binder's profile (its items' centre), the side signals, and the binder's name.
 */
export const SIGNALS = ['linear', 'profile', ...SIDE_SIGNALS, 'name'] as const;
export const SIGNAL_COUNT = SIGNALS.length;

/** A filed item to learn from: the item (no text needed), its vector, its binder, how much it counts. */
export interface TrainingItem {
  item: EngineItem;
  vector: SparseVector;
  binder: number;
  weight: number;
  /** A binder's name taken as an item of its own: learned from by the classifier and profile only. */
  name?: boolean;
}

/** A proposal the user turned down: the item does not belong in that binder. */
export interface Refusal {
  vector: SparseVector;
  binder: number;
}

/**
 * Passes over the filed items at most, per cost along the path (each cost starts where the last
 * stopped, so a few passes each are enough: top-1 on our corpora moves by less than 0.01 between 5
 * passes and 30).
 */
export const EPOCHS = 6;
/**
 * Passes of the final classifier, trained straight at the cost validation chose (walking the path
 * there instead changed top-1 on our corpora by less than 0.002, for twice the time).
 */
export const FINAL_EPOCHS = 10;
/** Passes when validation's classifier is grown into the final one: it starts from a solution already. */
export const GROWN_EPOCHS = 6;

/**
 * The costs the linear classifier is tried with, along the regularisation path (each fit starts
 * from the last). On our real corpora the best differs by desk: short package descriptions do best
 * at 0.3 (top-1 0.803 against 0.788 at 3), changelog mails at 3 (0.985 against 0.967 at 0.3).
 */
export const COSTS = [0.3, 1, 3, 10];
/** With more binders than this, each item trains against its own binder and its closest rivals only. */
const ALL_RIVALS_UP_TO = 32;
/** With more binders than this, an item is weighed against a shortlist of this many (`evidence`). */
const SHORTLIST = 24;
const RIVALS = 5;
/** A binder's rivals are found from this many of its items at most. */
const RIVAL_SAMPLE = 10;
/**
 * The classifier's work per pass at most, in example × class × token steps: beyond that, each
 * binder keeps an even share of its items (a seeded sample; the profiles and side signals still
 * learn from all). Every desk of our corpora fits whole; a desk of 50,000 filed items in 200 binders
 * trains on a seventh of them.
 */
export const WORK_BUDGET = 3_000_000;
/** A binder's name counts half as much once it holds this many items. */
const NAME_PRIOR = 3;
/** How much a refused proposal counts against its binder, beside a filed item for its own. */
const REFUSAL_WEIGHT = 0.5;

/** The models behind the signals, trained on one set of filed items. */
export class BaseModels {
  readonly linear: LinearModel;
  readonly profiles: BinderProfiles;
  private side: SideSignals;
  /** Scratch rows of one value per binder (reused item after item). */
  private readonly profileRow: Float64Array;
  private readonly nameRow: Float64Array;
  private readonly marginRow: Float64Array;
  private rowScratch = new Int32Array(1024);
  /** The cost the linear classifier learns with (set by training). */
  cost = 1;
  /** Each binder's rivals, on a desk of many binders (see `rivals`). */
  private rivalsOf: Int32Array[] | undefined;

  private constructor(
    readonly binders: number,
    features: number,
    private readonly names: NameMatcher,
  ) {
    this.linear = new LinearModel(binders, features);
    this.profiles = BinderProfiles.numbered(binders);
    this.side = new SideSignals(binders);
    this.profileRow = new Float64Array(binders);
    this.nameRow = new Float64Array(binders);
    this.marginRow = new Float64Array(binders);
  }

  /**
   * Everything but the linear classifier trained on the items; the classifier's trainer ready for
   * `fit(cost)` (called once, or along several costs).
   */
  static prepare(
    binders: number,
    features: number,
    names: NameMatcher,
    items: TrainingItem[],
    refusals: Refusal[],
    { seed, budget = WORK_BUDGET }: { seed: number; budget?: number },
  ): { models: BaseModels; trainer: LinearTrainer; trained: Set<TrainingItem> } {
    const models = new BaseModels(binders, features, names);
    const byBinder = groupByBinder(items);
    for (const [binder, list] of byBinder) {
      models.profiles.learnAll(
        String(binder),
        list.map(({ vector, weight }) => ({ vector, weight })),
      );
    }
    for (const r of refusals) models.profiles.learn(String(r.binder), r.vector, -REFUSAL_WEIGHT);
    models.side = SideSignals.of(
      binders,
      items.filter((t) => !t.name),
    );

    const random = seededRandom(seed);
    const rivals = binders > ALL_RIVALS_UP_TO ? models.rivals(byBinder) : undefined;
    models.rivalsOf = rivals;
    const kept = withinBudget(byBinder, examplesWithin(budget, items, rivals ? RIVALS + 1 : binders), random);
    const examples: Example[] = [...kept.map(exampleOf), ...refusals.map(refusalOf)];
    const trainer = new LinearTrainer(models.linear, examples, { random, ...(rivals ? { rivals } : {}) });
    return { models, trainer, trained: new Set(kept) };
  }

  /**
   * Grows models prepared on part of the desk into the whole desk's (the validation's into the final
   * one, so a large desk is not learned twice): the profiles and side signals learn the other items,
   * and the classifier's trainer takes as many of them as the full budget allows, its dual variables
   * kept (the solution so far stays a valid start).
   */
  absorb(
    trainer: LinearTrainer,
    trained: Set<TrainingItem>,
    all: TrainingItem[],
    others: { items: TrainingItem[]; refusals: Refusal[] },
    seed: number,
  ): void {
    for (const [binder, list] of groupByBinder(others.items)) {
      const known = this.profiles.has(String(binder));
      if (known) for (const t of list) this.profiles.learn(String(binder), t.vector, t.weight);
      else {
        this.profiles.learnAll(
          String(binder),
          list.map(({ vector, weight }) => ({ vector, weight })),
        );
      }
    }
    for (const r of others.refusals) this.profiles.learn(String(r.binder), r.vector, -REFUSAL_WEIGHT);
    for (const t of others.items) if (!t.name) this.side.add(t.item, t.binder, t.weight);
    // Binders that had no items here before (hidden from validation) find their rivals now.
    let rivals = this.rivalsOf;
    if (rivals) {
      const fresh = this.rivals(groupByBinder(others.items.filter((t) => rivals?.[t.binder]?.length === 0)));
      rivals = rivals.map((r, b) => (r.length === 0 ? (fresh[b] as Int32Array) : r));
      this.rivalsOf = rivals;
    }
    const room = examplesWithin(WORK_BUDGET, all, rivals ? RIVALS + 1 : this.binders) - trained.size;
    const fresh = withinBudget(
      groupByBinder(all.filter((t) => !trained.has(t))),
      Math.max(0, room),
      seededRandom(seed),
    );
    trainer.extend([...fresh.map(exampleOf), ...others.refusals.map(refusalOf)], rivals);
  }

  /**
   * Each binder's rivals: the binders its items' profiles rank highest after their own (over a
   * sample of its items), so the classifier is trained where binders are confused.
   */
  private rivals(byBinder: Map<number, TrainingItem[]>): Int32Array[] {
    const scores = new Float64Array(this.binders);
    const tally = new Float64Array(this.binders);
    return Array.from({ length: this.binders }, (_, b) => {
      const own = byBinder.get(b);
      if (!own) return new Int32Array(0);
      tally.fill(0);
      for (const t of spread(own, RIVAL_SAMPLE)) {
        this.profiles.write(t.vector, scores);
        scores[b] = 0;
        const least = Math.max(Number.MIN_VALUE, lowestOfTop(scores, RIVALS));
        for (let c = 0; c < this.binders; c += 1) {
          if ((scores[c] as number) >= least) tally[c] = (tally[c] as number) + (scores[c] as number);
        }
      }
      const ranked = [...tally.keys()].filter((c) => (tally[c] as number) > 0 && c !== b);
      ranked.sort((x, y) => (tally[y] as number) - (tally[x] as number) || x - y);
      return Int32Array.from(ranked.slice(0, RIVALS));
    });
  }

  /** All models trained, the classifier with the cost given. */
  static train(
    binders: number,
    features: number,
    names: NameMatcher,
    items: TrainingItem[],
    refusals: Refusal[],
    { seed, cost }: { seed: number; cost: number },
  ): BaseModels {
    const { models, trainer } = BaseModels.prepare(binders, features, names, items, refusals, { seed });
    trainer.fit(cost, FINAL_EPOCHS);
    models.cost = cost;
    return models;
  }

  /** How many items (weighed) a binder holds. */
  sizeOf(binder: number): number {
    return this.side.sizeOf(binder);
  }

  /** Learns one choice at once (an item filed or accepted into a binder, or a refusal). */
  learn(item: EngineItem, vector: SparseVector, binder: number, belongs: boolean, weight: number): void {
    this.linear.learn(vector, binder, belongs, this.cost * (belongs ? weight : REFUSAL_WEIGHT));
    this.profiles.learn(String(binder), vector, belongs ? weight : -REFUSAL_WEIGHT);
    if (belongs) this.side.add(item, binder, weight);
  }

  /**
   * Every signal (`SIGNALS` order) for the binders an item may go to: all those `allowed`, or on a
   * desk of many binders a shortlist of them: the binders whose profiles it is most alike to, and
   * any its time, folder or name point to (the others are far from it). `include` joins the list
   * whatever (validation: the item's own binder, so the weights are fitted on its true choice).
   */
  evidence(
    item: EngineItem,
    vector: SparseVector,
    { allowed, include }: { allowed?: Uint8Array; include?: number } = {},
  ): Evidence {
    const k = this.binders;
    const profile = this.profiles.write(vector, this.profileRow);
    const name = this.nameRow;
    this.names.write(vector.ids, name);
    const pointers = this.side.pointers(item);
    const chosen: number[] = [];
    const least =
      k > SHORTLIST ? Math.max(Number.MIN_VALUE, lowestOfTop(profile, SHORTLIST)) : Number.NEGATIVE_INFINITY;
    for (let b = 0; b < k; b += 1) {
      if (allowed && !allowed[b]) continue;
      const near = (profile[b] as number) >= least;
      if (near || b === include || (name[b] as number) > 0 || pointers.time.has(b) || pointers.folder.has(b))
        chosen.push(b);
    }
    const binders = Int32Array.from(chosen);
    const n = binders.length;
    const values = new Float64Array(SIGNAL_COUNT * n);
    this.marginsInto(vector, binders, values);
    const names = (SIGNAL_COUNT - 1) * n;
    for (let j = 0; j < n; j += 1) {
      const b = binders[j] as number;
      values[n + j] = profile[b] as number;
      // A name is a prior: all an empty binder has, a hint for a small one, little beside many items.
      values[names + j] = ((name[b] as number) * NAME_PRIOR) / (NAME_PRIOR + this.side.sizeOf(b));
    }
    this.side.write(item, pointers, binders, values, 2 * n);
    return { binders, values };
  }

  /** The classifier's margins for the given binders, into `out` (from its start). */
  marginsInto(vector: SparseVector, binders: Int32Array, out: Float64Array): Float64Array {
    if (binders.length * 2 > this.binders) {
      const all = this.linear.scores(vector, this.marginRow);
      binders.forEach((b, j) => {
        out[j] = all[b] as number;
      });
      return out;
    }
    if (this.rowScratch.length < vector.ids.length) this.rowScratch = new Int32Array(vector.ids.length * 2);
    const rows = this.linear.rowsOf(vector, this.rowScratch);
    for (let j = 0; j < binders.length; j += 1)
      out[j] = this.linear.scoreAt(rows, vector.values, binders[j] as number);
    return out;
  }
}

const exampleOf = ({ vector, binder, weight }: TrainingItem): Example => ({ vector, label: binder, weight });
const refusalOf = ({ vector, binder }: Refusal): Example => ({
  vector,
  label: binder,
  weight: REFUSAL_WEIGHT,
  refusal: true,
});

function groupByBinder(items: TrainingItem[]): Map<number, TrainingItem[]> {
  const byBinder = new Map<number, TrainingItem[]>();
  for (const t of items) {
    const list = byBinder.get(t.binder);
    if (list) list.push(t);
    else byBinder.set(t.binder, [t]);
  }
  return byBinder;
}

/** How many examples (of the items' mean size) fit the work budget, each trained against `width` classes. */
function examplesWithin(budget: number, items: TrainingItem[], width: number): number {
  let tokens = 0;
  for (const t of items) tokens += t.vector.ids.length;
  return Math.max(1, Math.floor(budget / Math.max(1, width * (tokens / Math.max(1, items.length)))));
}

/**
 * At most `budget` of the items, binder by binder: every binder keeps all its items up to an even
 * share, the share of small binders they leave going to the larger ones (a seeded sample of each).
 */
function withinBudget(
  byBinder: Map<number, TrainingItem[]>,
  budget: number,
  random: () => number,
): TrainingItem[] {
  const lists = [...byBinder.entries()].sort((a, b) => a[1].length - b[1].length || a[0] - b[0]);
  const out: TrainingItem[] = [];
  let left = budget;
  lists.forEach(([, list], i) => {
    const share = Math.max(1, Math.floor(left / (lists.length - i)));
    const kept = list.length <= share ? list : shuffled(list, random).slice(0, share);
    out.push(...kept);
    left -= kept.length;
  });
  return out;
}

/** The `count`-th highest of the values (the lowest that is among the top `count`). */
function lowestOfTop(values: Float64Array, count: number): number {
  return values.length <= count ? Number.NEGATIVE_INFINITY : nthLargest(values.slice(), count);
}
