import { BinderProfiles, EVIDENCE, type Placement } from './classifier.js';
import { cluster } from './cluster.js';
import { type Features, featuresOf } from './features.js';
import { binderNameOptions, drawerNameOptions, tagsFor } from './naming.js';
import { Timeline } from './timeline.js';
import { type CountedItem, TokenCounter, tokenMap } from './token-counter.js';
import type { EngineBinder, EngineItem, FiledItem, FilingEvent } from './types.js';
import { addScaled, dot, Idf, norm, Scratch, type SparseVector, type Vector } from './vectors.js';

/** An item is proposed for an existing binder only when it is at least this alike to it… */
export const MIN_PLACEMENT = 0.2;
/** …and clearly more alike to it than to the next binder (else the choice is left to grouping). */
export const MIN_MARGIN = 0.02;
/**
 * What the binders of the items made closest in time (of the same kind) add to the fit, all votes
 * together. Chosen on the synthetic `tuning` corpus (top-1 0.844 → 0.878 at 0.1, 0.868 at 0.2).
 */
export const TIMELINE_WEIGHT = 0.1;
/**
 * The contrast passes over the filed items, and how many at most (spread over all) each checks, so
 * training stays quick. Chosen on the synthetic `tuning` corpus: top-1 0.871 with none, 0.882 with one
 * pass at half a dismissal, 0.901 with three at a whole one (and 0.932 with names weighed 1.5, not 3).
 */
const CONTRAST_PASSES = 3;
const CONTRAST_SAMPLE = 2000;
/** A group's names and tags are read from at most this many of its items (spread over all). */
const NAMING_SAMPLE = 60;

/** At most `max` of the items, evenly spread over them (all when they are fewer). */
function spread<T>(items: T[], max: number): T[] {
  if (items.length <= max) return items;
  return Array.from({ length: max }, (_, i) => items[Math.floor((i * items.length) / max)] as T);
}

export interface RecommendInput {
  binders: EngineBinder[];
  filed: FiledItem[];
  unfiled: EngineItem[];
  events?: FilingEvent[];
  /** The user's tags in use, reused before new ones are made up. */
  existingTags?: string[];
}

export interface RecommendedGroup {
  objectIds: string[];
  /** The binder these items fit on the desk, or null for a new group. */
  binderId: string | null;
  binderNameOptions: string[];
  drawerNameOptions: string[];
  tags: string[];
  /** How sure: the mean similarity of the items to the binder or to their group, 0–1. */
  score: number;
}

/** A trained engine: rank binders for items, learn from the user's choices, recommend groups. */
export class Engine {
  private readonly idf: Idf;
  private readonly profiles = new BinderProfiles();
  private timeline = new Timeline();
  private readonly binders: Map<string, EngineBinder>;
  /** Features of the unfiled items (and of items ranked or learned since), for naming and tags. */
  private readonly features = new Map<string, Features>();
  private readonly scratch = new Scratch();
  /** The unfiled items' tokens as numbers, with their raw weights (ready to weigh by rarity). */
  private readonly counted: Map<string, CountedItem>;

  private constructor(binders: EngineBinder[], idf: Idf, counted: Map<string, CountedItem>) {
    this.binders = new Map(binders.map((b) => [b.id, b]));
    this.idf = idf;
    this.counted = counted;
  }

  /**
   * Trains on the desk: every item's words count for rarity; each filed item counts for its binder
   * (more when the user put it there: moved or accepted), and each dismissal against its pairing.
   * Items are kept only as numbered tokens while training, so a large desk trains in little memory;
   * a desk read in pages (from a database) is trained with a `DeskTrainer` instead, item by item.
   */
  static train({ binders, filed, unfiled, events = [] }: RecommendInput): Engine {
    const trainer = new DeskTrainer();
    for (const item of filed) trainer.addFiled(item);
    for (const item of unfiled) trainer.addUnfiled(item);
    return trainer.train({ binders, events });
  }

  /** @internal The rest of training, once every item is counted (`DeskTrainer.train`). */
  static fromCounts({
    binders,
    events,
    idf,
    filed,
    filedCounts,
    unfiledCounts,
  }: {
    binders: EngineBinder[];
    events: FilingEvent[];
    idf: Idf;
    filed: FiledItem[];
    filedCounts: Map<string, CountedItem>;
    unfiledCounts: Map<string, CountedItem>;
  }): Engine {
    const engine = new Engine(binders, idf, unfiledCounts);
    // Each vector is used at once and dropped, so all are written into one scratch.
    const vectorOfId = (id: string) => {
      const c = filedCounts.get(id) ?? unfiledCounts.get(id);
      return c ? engine.idf.weighted(c.ids, c.raw, engine.scratch) : undefined;
    };
    const confirmed = new Set(
      events.filter((e) => e.kind !== 'dismissed').map((e) => `${e.objectId} ${e.binderId}`),
    );
    engine.timeline = Timeline.of(
      filed
        .filter((item) => engine.binders.has(item.binderId))
        .map((item) => ({ item, binderId: item.binderId })),
    );
    const byBinder = new Map<string, FiledItem[]>();
    for (const item of filed) {
      if (!engine.binders.has(item.binderId)) continue;
      const items = byBinder.get(item.binderId);
      if (items) items.push(item);
      else byBinder.set(item.binderId, [item]);
    }
    function* evidence(binderId: string, items: FiledItem[]) {
      for (const item of items) {
        const vector = vectorOfId(item.id);
        const weight =
          confirmed.size > 0 && confirmed.has(`${item.id} ${binderId}`) ? EVIDENCE.confirmed : EVIDENCE.filed;
        if (vector) yield { vector, weight };
      }
    }
    for (const [binderId, items] of byBinder) engine.profiles.learnAll(binderId, evidence(binderId, items));
    for (const e of events) {
      const vector =
        e.kind === 'dismissed' && engine.binders.has(e.binderId) ? vectorOfId(e.objectId) : undefined;
      if (vector) engine.profiles.learn(e.binderId, vector, EVIDENCE.dismissed);
    }
    engine.contrast(filed, vectorOfId);
    return engine;
  }

  /**
   * Passes of contrast over (a spread sample of) the filed items, perceptron-like: an item the
   * profiles would put in another binder counts against that binder, so look-alike binders
   * (`Invoices 2023` and `Invoices 2024`) learn what tells them apart.
   */
  private contrast(filed: FiledItem[], vectorOf: (id: string) => SparseVector | undefined): void {
    const known = filed.filter((item) => this.binders.has(item.binderId));
    const step = Math.max(1, Math.ceil(known.length / CONTRAST_SAMPLE));
    for (let pass = 0; pass < CONTRAST_PASSES; pass += 1) {
      for (let i = 0; i < known.length; i += step) {
        const item = known[i] as FiledItem;
        const vector = vectorOf(item.id);
        const [best] = vector ? this.profiles.rank(vector, 1, this.votes(item)) : [];
        if (vector && best && best.binderId !== item.binderId) {
          this.profiles.learn(best.binderId, vector, EVIDENCE.contrast);
        }
      }
    }
  }

  /** An item's vector, valid until the next call (every use reads it at once). */
  private vectorOf(item: EngineItem): SparseVector {
    const c = this.counted.get(item.id);
    if (c) return this.idf.weighted(c.ids, c.raw, this.scratch);
    return this.idf.vector(this.featuresOf(item));
  }

  /** An item's features as a token map (for naming), made when first asked for. */
  private featuresOf(item: EngineItem): Features {
    let f = this.features.get(item.id);
    if (!f) {
      const c = this.counted.get(item.id);
      f = c ? tokenMap(c, this.idf.vocabulary.tokens) : featuresOf(item);
      this.features.set(item.id, f);
    }
    return f;
  }

  /** The binders an item fits best, best first. */
  rank(item: EngineItem, limit = 3): Placement[] {
    return this.profiles.rank(this.vectorOf(item), limit, this.votes(item));
  }

  /** The timeline's votes for an item, weighted. */
  private votes(item: EngineItem): Map<string, number> {
    const votes = this.timeline.votes(item);
    for (const [binderId, share] of votes) votes.set(binderId, share * TIMELINE_WEIGHT);
    return votes;
  }

  /** Learns one choice at once: an item the user filed (or accepted) into a binder, or a dismissal. */
  learn(item: EngineItem, binderId: string, kind: FilingEvent['kind']): void {
    const weight = kind === 'dismissed' ? EVIDENCE.dismissed : EVIDENCE.confirmed;
    this.profiles.learn(binderId, this.vectorOf(item), weight);
    if (kind !== 'dismissed') this.timeline.add(item, binderId);
  }

  /**
   * Groups for unfiled items: those that clearly fit an existing binder, per binder (its name first,
   * then the next binders they fit); the rest clustered by likeness, each group named from what its
   * items share. Deterministic: items are taken in id order.
   */
  recommend(unfiled: EngineItem[], existingTags: string[] = []): RecommendedGroup[] {
    const items = [...unfiled].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const byId = new Map(items.map((item) => [item.id, item]));
    type Placed = { ids: string[]; scores: number[]; runnersUp: Map<string, number> };
    const placed = new Map<string, Placed>();
    const rest: EngineItem[] = [];
    for (const item of items) {
      const ranked = this.rank(item, 3);
      const [best, next] = ranked;
      if (best && best.score >= MIN_PLACEMENT && best.score - (next?.score ?? 0) >= MIN_MARGIN) {
        const group: Placed = placed.get(best.binderId) ?? { ids: [], scores: [], runnersUp: new Map() };
        group.ids.push(item.id);
        group.scores.push(best.score);
        for (const p of ranked.slice(1)) {
          group.runnersUp.set(p.binderId, (group.runnersUp.get(p.binderId) ?? 0) + p.score);
        }
        placed.set(best.binderId, group);
      } else rest.push(item);
    }

    const groups: RecommendedGroup[] = [];
    for (const [binderId, g] of placed) {
      const binder = this.binders.get(binderId) as EngineBinder;
      const others = [...g.runnersUp]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .map(([id]) => this.binders.get(id))
        .filter((b): b is EngineBinder => b !== undefined);
      groups.push({
        objectIds: g.ids,
        binderId,
        binderNameOptions: unique([binder.name, ...others.map((b) => b.name)]).slice(0, 3),
        drawerNameOptions: unique([binder.drawerName, ...others.map((b) => b.drawerName)]).slice(0, 3),
        tags: tagsFor(
          spread(g.ids, NAMING_SAMPLE).map((id) => this.featuresOf(byId.get(id) as EngineItem)),
          this.idf,
          existingTags,
        ),
        score: mean(g.scores),
      });
    }

    const vectors = rest.map((item) => {
      const { ids, values } = this.vectorOf(item);
      return { ids, values: values.slice() };
    });
    const binderNames = [...this.binders.values()].map((b) => b.name);
    const profiles = this.profiles.all();
    const drawers = drawerProfiles([...this.binders.values()], (id) => profiles.get(id) ?? new Map());
    for (const c of cluster(vectors)) {
      const members = c.members.map((i) => rest[i] as EngineItem);
      const features = spread(members, NAMING_SAMPLE).map((m) => this.featuresOf(m));
      const centreNorm = norm(c.centre);
      const fits = drawers
        .map((d) => ({ name: d.name, score: centreNorm > 0 ? dot(c.centre, d.profile) / centreNorm : 0 }))
        .sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : 1));
      groups.push({
        objectIds: members.map((m) => m.id),
        binderId: null,
        binderNameOptions: binderNameOptions(features, { idf: this.idf, binderNames }),
        drawerNameOptions: drawerNameOptions(features, fits),
        tags: tagsFor(features, this.idf, existingTags),
        score: c.members.length > 1 ? centreNorm / c.members.length : 0,
      });
    }
    return groups.sort(
      (a, b) => b.score - a.score || ((a.objectIds[0] ?? '') < (b.objectIds[0] ?? '') ? -1 : 1),
    );
  }
}

/** Each drawer's profile: its binders' profiles summed and scaled to length 1. */
function drawerProfiles(binders: EngineBinder[], profileOf: (id: string) => Vector<number>) {
  const byDrawer = new Map<string, { name: string; profile: Vector<number> }>();
  for (const b of binders) {
    const d = byDrawer.get(b.drawerId) ?? { name: b.drawerName, profile: new Map() };
    addScaled(d.profile, profileOf(b.id), 1);
    byDrawer.set(b.drawerId, d);
  }
  return [...byDrawer.values()].map((d) => {
    const n = norm(d.profile);
    if (n > 0) for (const [t, x] of d.profile) d.profile.set(t, x / n);
    return d;
  });
}

const unique = (names: string[]) => [...new Set(names)];
const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((s, x) => s + x, 0) / xs.length);

/** Trains on the desk and recommends groups for its unfiled items, in one call. */
export function recommend(input: RecommendInput): RecommendedGroup[] {
  return Engine.train(input).recommend(input.unfiled, input.existingTags);
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
  private readonly filedCounts = new Map<string, CountedItem>();
  private readonly unfiledCounts = new Map<string, CountedItem>();

  addFiled(item: FiledItem): void {
    this.filedCounts.set(item.id, this.count(item));
    this.filed.push({ ...item, text: null });
  }

  addUnfiled(item: EngineItem): void {
    this.unfiledCounts.set(item.id, this.count(item));
  }

  private count(item: EngineItem): CountedItem {
    const c = this.counter.count(item);
    this.idf.addIds(c.ids);
    return c;
  }

  train({ binders, events = [] }: { binders: EngineBinder[]; events?: FilingEvent[] }): Engine {
    const { idf, filed, filedCounts, unfiledCounts } = this;
    return Engine.fromCounts({ binders, events, idf, filed, filedCounts, unfiledCounts });
  }
}
