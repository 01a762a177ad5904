import {
  BaseModels,
  GROWN_EPOCHS,
  type Refusal,
  SIGNAL_COUNT,
  SIGNALS,
  type TrainingItem,
} from './base-models.js';
import { chooseCut, DEFAULT_CUT } from './cluster.js';
import { Combiner, type Evidence } from './combiner.js';
import { conceptNamed } from './concepts.js';
import { type Features, featuresOf } from './features.js';
import { groupRest } from './grouping.js';
import { NameMatcher } from './name-matcher.js';
import { spread } from './sampling.js';
import { type CountedItem, TokenCounter, tokenMap } from './token-counter.js';
import type { EngineBinder, EngineItem, FiledItem, FilingEvent } from './types.js';
import { argmax, type Validated, validate } from './validation.js';
import { Idf, type SparseVector } from './vectors.js';

/** How much an item the user put in a binder (moved or accepted) counts, beside one found there. */
export const CONFIRMED_WEIGHT = 2;
/**
 * Filed items learned from at most, shared evenly by the binders (but never fewer than
 * `FILED_PER_BINDER` each): the first met of each binder (a database reads them in id order, in
 * effect a random sample). Every desk of our corpora is learned whole; a desk of 50,000 filed items
 * in 200 binders is learned from 60 per binder, a quarter of the work.
 */
export const FILED_LEARNED = 12_000;
export const FILED_PER_BINDER = 60;
/** The seed of the engine's own draws (validation folds, training order): the same desk, the same answer. */
const SEED = 20_261_125;
/**
 * Before the desk's own filing can say how much each signal counts (fewer than two binders of two
 * items): the binder's profile (how alike the item is to what is in it) and name most, the
 * classifier's margin a little (with one binder it has nothing to tell it from), and none as likely
 * as a binder whose items the item half resembles. A proposal only when more likely right than not.
 */
const DEFAULT_WEIGHTS = { linear: 1, profile: 4, name: 4, none: 2 };
const DEFAULT_THRESHOLD = 0.5;
const DEFAULT_COST = 1;
/** A filed binder needs this many items for validation to hold some out. */
const VALIDATE_FROM = 2;

export interface Placement {
  binderId: string;
  /**
   * The probability that the item belongs there if it belongs in one of the binders at all
   * (calibrated on the desk's own filing), 0–1.
   */
  score: number;
}

export interface RecommendInput {
  binders: EngineBinder[];
  filed: FiledItem[];
  unfiled: EngineItem[];
  events?: FilingEvent[];
  /** The user's tags in use, reused before new ones are made up. */
  existingTags?: string[];
}

export interface RecommendOptions {
  existingTags?: string[];
  /**
   * Sets of items the user turned down together (a dismissed new group): no two items of one set
   * are proposed together again.
   */
  apart?: string[][];
}

export interface RecommendedGroup {
  objectIds: string[];
  /** The binder these items fit on the desk, or null for a new group. */
  binderId: string | null;
  /**
   * Names for the binder, most fitting first; none for a new group of one item (never proposed: one
   * item is not a binder).
   */
  binderNameOptions: string[];
  drawerNameOptions: string[];
  tags: string[];
  /**
   * How sure: for a binder, the mean probability that its items belong there; for a new group, how
   * alike its items are (0–1).
   */
  score: number;
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * A trained engine: ranks binders for an item with calibrated probabilities, learns from each choice
 * at once, and recommends groups (items for existing binders, the rest grouped into new ones).
 *
 * Three kinds of evidence are weighed: a discriminative classifier (one linear SVM per binder on the
 * items' words and facts), each binder's profile (the centre of its items), and side signals
 * (neighbours in time, source folder, source, the binder's own name). How much each counts, and how
 * sure an item must be to be proposed, is learned per desk by validation on its own filed items
 * (`validate`).
 */
export class Engine {
  private readonly numbers: Map<string, number>;
  private readonly names: NameMatcher;
  private models: BaseModels;
  private readonly combiner: Combiner;
  /** Below this probability, an item is left for grouping. */
  readonly threshold: number;
  /** What validation found, for reports (null on a desk too young to validate). */
  readonly validation: Validated | null;
  /** The tags most of each binder's items carry: what items proposed for it are tagged with. */
  private readonly binderTags: string[][];
  /** How alike new groups' items must be on average: as alike as the desk's own binders' items are. */
  readonly cut: number;
  /** Binders each item was refused for (dismissed proposals), by binder number. */
  private readonly refused = new Map<string, Set<number>>();

  private constructor(
    private readonly binders: EngineBinder[],
    private readonly idf: Idf,
    private readonly counter: TokenCounter,
    private readonly counted: Map<string, CountedItem>,
    training: { items: TrainingItem[]; refusals: Refusal[]; refusedIds: [string, number][] },
  ) {
    this.numbers = new Map(binders.map((b, i) => [b.id, i]));
    this.names = new NameMatcher(
      idf.vocabulary,
      binders.map((b) => b.name),
    );
    for (const [id, b] of training.refusedIds) this.refusalsOf(id).add(b);
    this.binderTags = sharedTags(binders.length, training.items);
    const k = binders.length;
    const features = idf.vocabulary.tokens.length;
    const nameItems = this.nameItems();
    const desk = {
      binders: k,
      features,
      names: this.names,
      items: training.items,
      nameItems,
      refusals: training.refusals,
    };
    const filedBinders = new Map<number, number>();
    for (const t of training.items) filedBinders.set(t.binder, (filedBinders.get(t.binder) ?? 0) + 1);
    const validatable = [...filedBinders.values()].filter((n) => n >= VALIDATE_FROM).length >= 2;
    this.validation = validatable ? validate(desk, SEED) : null;
    this.cut = validatable ? chooseCutOn(training.items) : DEFAULT_CUT;
    this.combiner = this.validation?.combiner ?? defaultCombiner();
    this.threshold = this.validation?.threshold ?? DEFAULT_THRESHOLD;
    // The final models learn from everything, the binders' names included (the one thing an empty
    // binder has to go on).
    const cost = this.validation?.cost ?? DEFAULT_COST;
    const reuse = this.validation?.reuse;
    if (reuse) {
      reuse.models.absorb(
        reuse.trainer,
        reuse.trained,
        [...training.items, ...nameItems],
        reuse.others,
        SEED,
      );
      reuse.trainer.fit(cost, GROWN_EPOCHS);
      reuse.models.cost = cost;
      this.models = reuse.models;
      // Only the final models are kept: the validation's part of them is theirs now.
      delete this.validation?.reuse;
    } else {
      this.models = BaseModels.train(
        k,
        features,
        this.names,
        [...training.items, ...nameItems],
        training.refusals,
        {
          seed: SEED,
          cost,
        },
      );
    }
  }

  /** Each binder's name (and the words of the concept it names) as one item of its own. */
  private nameItems(): TrainingItem[] {
    return this.binders.map((b, binder) => {
      const concept = conceptNamed(b.name);
      const item: EngineItem = {
        id: `binder:${b.id}`,
        kind: 'binder_object',
        name: b.name,
        source: '',
        // The name again as words typed ("GitHub" one word, not "git hub" as a file name splits it).
        text: [b.name, ...(concept?.cues ?? [])].join(' '),
      };
      const c = this.counter.count(item);
      return { item, vector: this.idf.weighted(c.ids, c.raw), binder, weight: 1, name: true };
    });
  }

  private refusalsOf(id: string): Set<number> {
    let set = this.refused.get(id);
    if (!set) {
      set = new Set();
      this.refused.set(id, set);
    }
    return set;
  }

  /**
   * Trains on the desk: every item's words count for rarity; each filed item counts for its binder
   * (more when the user put it there: moved or accepted), and each dismissal against its pairing.
   * A desk read in pages (from a database) is trained with a `DeskTrainer` instead, item by item.
   */
  static train({ binders, filed, unfiled, events = [] }: RecommendInput): Engine {
    const trainer = new DeskTrainer({ binders: binders.length });
    for (const item of filed) trainer.addFiled(item);
    for (const item of unfiled) trainer.addUnfiled(item);
    return trainer.train({ binders, events });
  }

  /** @internal The rest of training, once every item is counted (`DeskTrainer.train`). */
  static fromCounts({
    binders,
    events,
    idf,
    counter,
    filed,
    counted,
  }: {
    binders: EngineBinder[];
    events: FilingEvent[];
    idf: Idf;
    counter: TokenCounter;
    filed: FiledItem[];
    counted: Map<string, CountedItem>;
  }): Engine {
    const numbers = new Map(binders.map((b, i) => [b.id, i]));
    const confirmed = new Set(
      events.filter((e) => e.kind !== 'dismissed').map((e) => `${e.objectId} ${e.binderId}`),
    );
    const vectorOfId = (id: string) => {
      const c = counted.get(id);
      return c ? idf.weighted(c.ids, c.raw) : undefined;
    };
    const items: TrainingItem[] = [];
    for (const item of [...filed].sort(byId)) {
      const binder = numbers.get(item.binderId);
      const vector = binder === undefined ? undefined : vectorOfId(item.id);
      if (binder === undefined || !vector) continue;
      const weight = confirmed.has(`${item.id} ${item.binderId}`) ? CONFIRMED_WEIGHT : 1;
      items.push({ item, vector, binder, weight });
    }
    const refusals: Refusal[] = [];
    const refusedIds: [string, number][] = [];
    for (const e of events) {
      const binder = numbers.get(e.binderId);
      if (e.kind !== 'dismissed' || binder === undefined) continue;
      refusedIds.push([e.objectId, binder]);
      const vector = vectorOfId(e.objectId);
      if (vector) refusals.push({ vector, binder });
    }
    return new Engine(binders, idf, counter, counted, { items, refusals, refusedIds });
  }

  /** An item's vector: counted at training, or counted now (an item the engine never saw). */
  private vectorOf(item: EngineItem): SparseVector {
    const c = this.counted.get(item.id) ?? this.counter.count(item);
    return this.idf.weighted(c.ids, c.raw);
  }

  /** An item's features as a token map (for naming and tags). */
  private featuresOf(item: EngineItem): Features {
    const c = this.counted.get(item.id);
    return c ? tokenMap(c, this.idf.vocabulary.tokens) : featuresOf(item);
  }

  private evidence(item: EngineItem, vector: SparseVector): Evidence {
    const refused = this.refused.get(item.id);
    if (!refused || refused.size === 0) return this.models.evidence(item, vector);
    const allowed = new Uint8Array(this.binders.length).fill(1);
    for (const b of refused) allowed[b] = 0;
    return this.models.evidence(item, vector, { allowed });
  }

  /**
   * The item's candidate binders (by number), the probability of each (what is left to 1: none),
   * and how alike it is to each one's profile.
   */
  private chances(
    item: EngineItem,
    vector: SparseVector,
  ): { binders: Int32Array; p: Float64Array; alike: Float64Array } {
    const e = this.evidence(item, vector);
    const n = e.binders.length;
    return {
      binders: e.binders,
      p: this.combiner.probabilities(e).subarray(0, n),
      alike: e.values.subarray(n, 2 * n),
    };
  }

  /** Each binder's probability for an item, by binder number (what is left to 1: that it belongs in none). */
  probabilities(item: EngineItem): Float64Array {
    const { binders, p } = this.chances(item, this.vectorOf(item));
    const out = new Float64Array(this.binders.length);
    binders.forEach((b, j) => {
      out[b] = p[j] as number;
    });
    return out;
  }

  /** The binders an item fits best, most probable first (ties by binder id). */
  rank(item: EngineItem, limit = 3): Placement[] {
    const p = this.probabilities(item);
    let some = 0;
    for (const x of p) some += x;
    return [...p]
      .map((x, b) => ({ binderId: (this.binders[b] as EngineBinder).id, score: some > 0 ? x / some : 0 }))
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score || (a.binderId < b.binderId ? -1 : 1))
      .slice(0, limit);
  }

  /** Learns one choice at once: an item the user filed (or accepted) into a binder, or a dismissal. */
  learn(item: EngineItem, binderId: string, kind: FilingEvent['kind']): void {
    const binder = this.numbers.get(binderId);
    if (binder === undefined) return;
    const belongs = kind !== 'dismissed';
    if (!belongs) this.refusalsOf(item.id).add(binder);
    else this.refused.get(item.id)?.delete(binder);
    this.models.learn(item, this.vectorOf(item), binder, belongs, CONFIRMED_WEIGHT);
  }

  /**
   * Groups for unfiled items: those likely enough to belong in an existing binder, per binder (its
   * name first, then the next binders they fit); the rest grouped by likeness into new groups, each
   * named from what its items share. Deterministic: items are taken in id order.
   */
  recommend(unfiled: EngineItem[], options: RecommendOptions | string[] = {}): RecommendedGroup[] {
    const { existingTags = [], apart = [] } = Array.isArray(options) ? { existingTags: options } : options;
    const items = [...unfiled].sort(byId);
    type Placed = { ids: string[]; scores: number[]; runnersUp: Float64Array };
    const placed = new Map<number, Placed>();
    const rest: { item: EngineItem; vector: SparseVector }[] = [];
    const k = this.binders.length;
    for (const item of items) {
      const vector = this.vectorOf(item);
      const { binders, p, alike } = this.chances(item, vector);
      const j = binders.length > 0 ? argmax(p) : -1;
      const best = j >= 0 ? (binders[j] as number) : -1;
      const familiar = j >= 0 && (alike[j] as number) >= (this.validation?.familiar ?? 0);
      if (best >= 0 && (p[j] as number) >= this.threshold && familiar) {
        let group = placed.get(best);
        if (!group) {
          group = { ids: [], scores: [], runnersUp: new Float64Array(k) };
          placed.set(best, group);
        }
        group.ids.push(item.id);
        group.scores.push(p[j] as number);
        binders.forEach((b, i) => {
          if (b !== best) group.runnersUp[b] = (group.runnersUp[b] as number) + (p[i] as number);
        });
      } else rest.push({ item, vector });
    }

    const groups: RecommendedGroup[] = [];
    for (const [b, g] of placed) {
      const binder = this.binders[b] as EngineBinder;
      const others = [...g.runnersUp]
        .map((score, i) => ({ score, binder: this.binders[i] as EngineBinder }))
        .filter((x) => x.score > 0)
        .sort((x, y) => y.score - x.score || (x.binder.id < y.binder.id ? -1 : 1))
        .map((x) => x.binder);
      groups.push({
        objectIds: g.ids,
        binderId: binder.id,
        binderNameOptions: unique([binder.name, ...others.map((o) => o.name)]).slice(0, 3),
        drawerNameOptions: unique([binder.drawerName, ...others.map((o) => o.drawerName)]).slice(0, 3),
        tags: this.binderTags[b] ?? [],
        score: mean(g.scores),
      });
    }
    groups.push(
      ...groupRest(rest, {
        idf: this.idf,
        cut: this.cut,
        binders: this.binders,
        profiles: this.models.profiles,
        sizeOf: (b) => this.models.sizeOf(b),
        featuresOf: (item) => this.featuresOf(item),
        existingTags,
        apart,
      }),
    );
    return groups.sort(
      (a, b) => b.score - a.score || ((a.objectIds[0] ?? '') < (b.objectIds[0] ?? '') ? -1 : 1),
    );
  }
}

/** A tag at least this share of a binder's items carry goes with the items proposed for it. */
const BINDER_TAG_SHARE = 0.5;

/**
 * Each binder's tags: those at least `BINDER_TAG_SHARE` of its items (two or more) carry, most
 * carried first. Items filed there get the same ones, never new words (tags stay consistent).
 */
function sharedTags(binders: number, items: TrainingItem[]): string[][] {
  const counts = Array.from({ length: binders }, () => new Map<string, number>());
  const sizes = new Int32Array(binders);
  for (const { item, binder } of items) {
    sizes[binder] = (sizes[binder] as number) + 1;
    const own = counts[binder] as Map<string, number>;
    for (const tag of new Set(item.tags ?? [])) own.set(tag, (own.get(tag) ?? 0) + 1);
  }
  return counts.map((own, b) =>
    [...own]
      .filter(([, n]) => n >= 2 && n >= BINDER_TAG_SHARE * (sizes[b] as number))
      .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))
      .slice(0, 3)
      .map(([tag]) => tag),
  );
}

/** Filed items the grouping cut is chosen on at most (they are compared pairwise). */
const CUT_SAMPLE = 400;

/** The cut that best regroups (a spread sample of) the filed items into their own binders. */
function chooseCutOn(items: TrainingItem[]): number {
  const sample = spread(items, CUT_SAMPLE);
  return chooseCut(
    sample.map((t) => t.vector),
    sample.map((t) => t.binder),
  ).at;
}

/** The combiner of a desk too young to validate: `DEFAULT_WEIGHTS`. */
function defaultCombiner(): Combiner {
  const weights = new Float64Array(SIGNAL_COUNT + 1);
  weights[SIGNALS.indexOf('linear')] = DEFAULT_WEIGHTS.linear;
  weights[SIGNALS.indexOf('profile')] = DEFAULT_WEIGHTS.profile;
  weights[SIGNALS.indexOf('name')] = DEFAULT_WEIGHTS.name;
  weights[SIGNAL_COUNT] = DEFAULT_WEIGHTS.none;
  return new Combiner(SIGNAL_COUNT, weights);
}

const unique = (names: string[]) => [...new Set(names)];
const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((s, x) => s + x, 0) / xs.length);

/** Trains on the desk and recommends groups for its unfiled items, in one call. */
export function recommend(input: RecommendInput): RecommendedGroup[] {
  return Engine.train(input).recommend(input.unfiled, { existingTags: input.existingTags ?? [] });
}

/**
 * Counts a desk's items one at a time, keeping of each only its numbered tokens and what training
 * reads besides (kind, date, name; not its text), then trains: so a server can read a large desk in
 * pages and never hold all its texts at once.
 */
export class DeskTrainer {
  private readonly idf = new Idf();
  private readonly counter = new TokenCounter(this.idf.vocabulary);
  private readonly filed: FiledItem[] = [];
  private readonly counted = new Map<string, CountedItem>();
  private readonly perBinder = new Map<string, number>();
  private readonly cap: number;

  /** `binders`: how many binders the desk has, when known before its items are read (it bounds the work). */
  constructor({ binders }: { binders?: number } = {}) {
    this.cap = binders
      ? Math.max(FILED_PER_BINDER, Math.floor(FILED_LEARNED / binders))
      : Number.POSITIVE_INFINITY;
  }

  /**
   * Counts a filed item, unless its binder already has its share of `FILED_LEARNED` (then it is
   * passed over: a binder is known well enough from that many, and a large desk trains in bounded time).
   */
  addFiled(item: FiledItem): void {
    const seen = this.perBinder.get(item.binderId) ?? 0;
    if (seen >= this.cap) return;
    this.perBinder.set(item.binderId, seen + 1);
    this.counted.set(item.id, this.count(item));
    // What training reads besides the counts (written out: a copy without the text, made fast).
    this.filed.push({
      id: item.id,
      binderId: item.binderId,
      kind: item.kind,
      name: item.name,
      source: item.source,
      date: item.date ?? null,
      ownDate: item.ownDate ?? false,
      tags: item.tags ?? [],
      folder: item.folder ?? null,
      email: item.email ?? null,
      mimeType: item.mimeType ?? null,
      url: item.url ?? null,
    });
  }

  addUnfiled(item: EngineItem): void {
    this.counted.set(item.id, this.count(item));
  }

  private count(item: EngineItem): CountedItem {
    const c = this.counter.count(item);
    this.idf.addIds(c.ids);
    return c;
  }

  train({ binders, events = [] }: { binders: EngineBinder[]; events?: FilingEvent[] }): Engine {
    const { idf, counter, filed, counted } = this;
    return Engine.fromCounts({ binders, events, idf, counter, filed, counted });
  }
}
