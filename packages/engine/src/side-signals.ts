import { Timeline } from './timeline.js';
import type { EngineItem } from './types.js';

/** The side signals, in the order `SideSignals.write` gives them. */
export const SIDE_SIGNALS = ['time', 'folder', 'source'] as const;

const sourceKey = (item: EngineItem) => `${item.source} ${item.kind}`;

/** Counts of items by a key and by binder number. */
class Tally {
  private readonly counts = new Map<string, Map<number, number>>();
  private readonly totals = new Map<string, number>();

  add(key: string, binder: number, weight: number): void {
    let byBinder = this.counts.get(key);
    if (!byBinder) {
      byBinder = new Map();
      this.counts.set(key, byBinder);
    }
    byBinder.set(binder, (byBinder.get(binder) ?? 0) + weight);
    this.totals.set(key, (this.totals.get(key) ?? 0) + weight);
  }

  of(key: string): Map<number, number> | undefined {
    return this.counts.get(key);
  }

  total(key: string): number {
    return this.totals.get(key) ?? 0;
  }
}

/**
 * What the desk says about an item besides its words, per binder: its neighbours in time (the
 * binders of the items made closest to it), the binders of the items from the same source folder,
 * how much more than its share each binder holds of the item's source and kind, and each binder's
 * size. How much each counts is not set here: the combiner learns it from the desk's own filing, so
 * dates that say nothing about binders end up weighing nothing.
 */
export class SideSignals {
  private timeline = new Timeline();
  private readonly folders = new Tally();
  private readonly sources = new Tally();
  private readonly sizes: Float64Array;
  private total = 0;

  constructor(readonly binders: number) {
    this.sizes = new Float64Array(binders);
  }

  /** How many items (weighed) the binder holds. */
  sizeOf(binder: number): number {
    return this.sizes[binder] ?? 0;
  }

  /** Counts a filed item for its binder (`weight` > 0), or takes one back (< 0, never below none). */
  add(item: EngineItem, binder: number, weight = 1): void {
    if (weight > 0) this.timeline.add(item, String(binder));
    if (item.folder) this.folders.add(item.folder.trim().toLowerCase(), binder, weight);
    this.sources.add(sourceKey(item), binder, weight);
    this.sizes[binder] = Math.max(0, (this.sizes[binder] as number) + weight);
    this.total = Math.max(0, this.total + weight);
  }

  /** Many at once (training): the timeline is sorted once. */
  static of(binders: number, items: { item: EngineItem; binder: number; weight: number }[]): SideSignals {
    const side = new SideSignals(binders);
    side.timeline = Timeline.of(items.map(({ item, binder }) => ({ item, binderId: String(binder) })));
    for (const { item, binder, weight } of items) {
      if (item.folder) side.folders.add(item.folder.trim().toLowerCase(), binder, weight);
      side.sources.add(sourceKey(item), binder, weight);
      side.sizes[binder] = (side.sizes[binder] as number) + weight;
      side.total += weight;
    }
    return side;
  }

  /**
   * The binders the item's time neighbours and source folder point to, with their votes: `time`
   * and `folder` by binder number (sparse).
   */
  pointers(item: EngineItem): { time: Map<number, number>; folder: Map<number, number> } {
    const time = new Map<number, number>();
    for (const [binder, share] of this.timeline.votes(item)) time.set(Number(binder), share);
    const folder = new Map<number, number>();
    const key = item.folder?.trim().toLowerCase();
    const inFolder = key ? this.folders.of(key) : undefined;
    if (key && inFolder) {
      const n = this.folders.total(key);
      for (const [binder, count] of inFolder) folder.set(binder, count / (n + 1));
    }
    return { time, folder };
  }

  /**
   * Writes the item's side signals for the candidate binders, `SIDE_SIGNALS` in order: row `s` of
   * `out` starts at `offset + s × binders.length` (`pointers` is the item's, already asked for).
   */
  write(
    item: EngineItem,
    pointers: { time: Map<number, number>; folder: Map<number, number> },
    binders: Int32Array,
    out: Float64Array,
    offset: number,
  ): void {
    const n = binders.length;
    // How much more of a binder is of this source than of the desk (log ratio, smoothed).
    const fromSource = this.sources.of(sourceKey(item));
    const share = (this.sources.total(sourceKey(item)) + 1) / (this.total + 2);
    binders.forEach((b, j) => {
      out[offset + j] = pointers.time.get(b) ?? 0;
      out[offset + n + j] = pointers.folder.get(b) ?? 0;
      const own = ((fromSource?.get(b) ?? 0) + share) / ((this.sizes[b] as number) + 1);
      out[offset + 2 * n + j] = Math.log(own / share);
    });
  }
}
