import type { BinderProfiles } from './binder-profiles.js';
import { cluster } from './cluster.js';
import type { Features } from './features.js';
import { binderNameOptions, drawerNameOptions, tagsFor } from './naming.js';
import type { RecommendedGroup } from './recommend.js';
import { spread } from './sampling.js';
import type { EngineBinder, EngineItem } from './types.js';
import { addScaled, dot, type Idf, norm, type SparseVector, type Vector } from './vectors.js';

/** A group's names and tags are read from at most this many of its items (spread over all). */
const NAMING_SAMPLE = 60;

export interface GroupingContext {
  idf: Idf;
  /** How alike a group's items must be on average (the cut chosen on the desk's own binders). */
  cut: number;
  binders: EngineBinder[];
  /** The binders' profiles, numbered as `binders`. */
  profiles: BinderProfiles;
  /** How many items each binder holds, by number. */
  sizeOf: (binder: number) => number;
  featuresOf: (item: EngineItem) => Features;
  existingTags: string[];
  /** Sets of items the user turned down together: never in one group again. */
  apart: string[][];
}

/**
 * Splits a group so that no two items the user turned down together stay together: each item goes
 * to the first part holding none of its refused partners.
 */
export function keepApart(members: string[], apart: string[][]): string[][] {
  const partners = new Map<string, Set<string>>();
  for (const set of apart) {
    for (const id of set) {
      const own = partners.get(id) ?? new Set<string>();
      for (const other of set) if (other !== id) own.add(other);
      partners.set(id, own);
    }
  }
  const parts: string[][] = [];
  for (const id of members) {
    const refused = partners.get(id);
    const part = refused ? parts.find((p) => !p.some((other) => refused.has(other))) : parts[0];
    if (part) part.push(id);
    else parts.push([id]);
  }
  return parts;
}

/** New groups for the items that fit no binder: clustered by likeness, named from what they share. */
export function groupRest(
  rest: { item: EngineItem; vector: SparseVector }[],
  ctx: GroupingContext,
): RecommendedGroup[] {
  const vectors = rest.map(({ vector }) => ({ ids: vector.ids, values: vector.values.slice() }));
  // A binder with items that the group fitted would have had them proposed for it: only empty ones'
  // names are offered to a new group.
  const binderNames = ctx.binders.filter((_, b) => ctx.sizeOf(b) === 0).map((b) => b.name);
  const profiles = ctx.profiles.all();
  const drawers = drawerProfiles(ctx.binders, (b) => profiles.get(String(b)) ?? new Map());
  const byId = new Map(rest.map((r) => [r.item.id, r]));
  const groups: RecommendedGroup[] = [];
  for (const c of cluster(vectors, ctx.cut)) {
    const ids = c.members.map((i) => (rest[i] as { item: EngineItem }).item.id);
    for (const part of keepApart(ids, ctx.apart)) {
      if (part.length === 1) {
        // One item is not a binder: left unnamed (a generation never proposes it).
        groups.push({
          objectIds: part,
          binderId: null,
          binderNameOptions: [],
          drawerNameOptions: [],
          tags: [],
          score: 0,
        });
        continue;
      }
      const members = part.map((id) => byId.get(id) as { item: EngineItem; vector: SparseVector });
      const centre = new Map<number, number>();
      for (const { vector } of members) {
        for (let t = 0; t < vector.ids.length; t += 1) {
          const id = vector.ids[t] as number;
          centre.set(id, (centre.get(id) ?? 0) + (vector.values[t] as number));
        }
      }
      const named = spread(members, NAMING_SAMPLE).map((m) => ({
        item: m.item,
        features: ctx.featuresOf(m.item),
      }));
      const features = named.map((m) => m.features);
      const centreNorm = norm(centre);
      const fits = drawers
        .map((d) => ({ name: d.name, score: centreNorm > 0 ? dot(centre, d.profile) / centreNorm : 0 }))
        .sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : 1));
      groups.push({
        objectIds: part,
        binderId: null,
        binderNameOptions: binderNameOptions(named, { idf: ctx.idf, binderNames }),
        drawerNameOptions: drawerNameOptions(features, fits),
        tags: tagsFor(features, ctx.idf, ctx.existingTags),
        score: centreNorm / members.length,
      });
    }
  }
  return groups;
}

/** Each drawer's profile: its binders' profiles summed and scaled to length 1. */
function drawerProfiles(binders: EngineBinder[], profileOf: (binder: number) => Vector<number>) {
  const byDrawer = new Map<string, { name: string; profile: Vector<number> }>();
  binders.forEach((b, i) => {
    const d = byDrawer.get(b.drawerId) ?? { name: b.drawerName, profile: new Map() };
    addScaled(d.profile, profileOf(i), 1);
    byDrawer.set(b.drawerId, d);
  });
  return [...byDrawer.values()].map((d) => {
    const n = norm(d.profile);
    if (n > 0) for (const [t, x] of d.profile) d.profile.set(t, x / n);
    return d;
  });
}
