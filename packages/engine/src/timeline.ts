import type { EngineItem } from './types.js';

/** How many of the items made closest in time to an item vote for their binders. */
export const NEIGHBOURS = 5;

/** Photos go with photos, e-mails with e-mails: a binder's items of one kind often come in runs. */
export function familyOf(item: Pick<EngineItem, 'kind' | 'mimeType'>): string {
  return item.mimeType?.startsWith('image/') ? 'photo' : item.kind;
}

interface Run {
  dates: number[];
  binders: string[];
}

/**
 * The filed items of each family in date order: the binders of the ones made closest in time to an
 * item (a trip's photos, a move's letters) are a second opinion beside the binders' profiles.
 */
export class Timeline {
  private readonly runs = new Map<string, Run>();

  /** Adds many at once (training): sorted once at the end. */
  static of(items: { item: EngineItem; binderId: string }[]): Timeline {
    const timeline = new Timeline();
    const byFamily = new Map<string, [number, string][]>();
    for (const { item, binderId } of items) {
      if (!item.date) continue;
      const family = familyOf(item);
      const list = byFamily.get(family);
      if (list) list.push([item.date, binderId]);
      else byFamily.set(family, [[item.date, binderId]]);
    }
    for (const [family, list] of byFamily) {
      list.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
      timeline.runs.set(family, { dates: list.map((e) => e[0]), binders: list.map((e) => e[1]) });
    }
    return timeline;
  }

  /** Adds one (learning a choice): kept in date order. */
  add(item: EngineItem, binderId: string): void {
    if (!item.date) return;
    const family = familyOf(item);
    const run = this.runs.get(family) ?? { dates: [], binders: [] };
    this.runs.set(family, run);
    const at = firstAfter(run.dates, item.date);
    run.dates.splice(at, 0, item.date);
    run.binders.splice(at, 0, binderId);
  }

  /** The binders of the `NEIGHBOURS` items of the same family made closest in time, each with its share of the vote. */
  votes(item: EngineItem): Map<string, number> {
    const votes = new Map<string, number>();
    const run = item.date ? this.runs.get(familyOf(item)) : undefined;
    if (!run || !item.date) return votes;
    const { dates, binders } = run;
    let right = firstAfter(dates, item.date);
    let left = right - 1;
    for (let taken = 0; taken < NEIGHBOURS && (left >= 0 || right < dates.length); taken += 1) {
      const before = left >= 0 ? item.date - (dates[left] as number) : Number.POSITIVE_INFINITY;
      const after = right < dates.length ? (dates[right] as number) - item.date : Number.POSITIVE_INFINITY;
      const binder = before <= after ? binders[left--] : binders[right++];
      if (binder !== undefined) votes.set(binder, (votes.get(binder) ?? 0) + 1 / NEIGHBOURS);
    }
    return votes;
  }
}

/** The index of the first date after `date` (binary search). */
function firstAfter(dates: number[], date: number): number {
  let lo = 0;
  let hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((dates[mid] as number) <= date) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
