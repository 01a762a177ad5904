import type ICAL from 'ical.js';
import { instantOf, isCancelled } from './ics-event.js';
import { OutOfSteps, type StepMeter } from './step-meter.js';

const DAY_S = 86_400;
/** Rules counted in periods of fixed length on the wall clock. */
const PERIOD_S: Partial<Record<string, number>> = {
  SECONDLY: 1,
  MINUTELY: 60,
  HOURLY: 3600,
  DAILY: DAY_S,
  WEEKLY: 7 * DAY_S,
};
/** Rules counted in months or years: shifted by whole runs of four years, which keep leap days. */
const YEARS_PER_RUN: Partial<Record<string, number>> = { MONTHLY: 4, YEARLY: 4 };

const wallOf = (time: ICAL.Time) =>
  Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second) / 1000;

/**
 * Where to start following a rule whose start is long before `from`: a whole number of its periods
 * later, which ical.js (counting periods on the wall clock) continues exactly as from the start. That
 * shifted start is itself returned as an occurrence, so it is put more than two days (any zone's offset)
 * and the event's length before `from`, where it is dropped. Rules counting occurrences (COUNT) or
 * picking within a period (BYSETPOS) start where they start.
 */
export function followFrom(event: ICAL.Event, from: number): ICAL.Time {
  const start = event.startDate;
  const rules = event.component.getAllProperties('rrule');
  const rule = rules.length === 1 ? (rules[0]?.getFirstValue() as ICAL.Recur | undefined) : undefined;
  if (!rule?.freq || rule.count || (rule.parts as Record<string, unknown>).BYSETPOS) return start;
  const interval = Math.max(1, rule.interval || 1);
  const unit = PERIOD_S[rule.freq];
  const years = (YEARS_PER_RUN[rule.freq] ?? 0) * interval;
  if ((!unit && !years) || (start.isDate && unit !== undefined && unit < DAY_S)) return start;
  const before = from / 1000 - 2 * DAY_S - Math.max(0, event.duration?.toSeconds() ?? 0);
  const period = unit ? unit * interval : years * 366 * DAY_S;
  for (let periods = Math.floor((before - wallOf(start)) / period); periods >= 1; periods--) {
    const shifted = start.clone();
    if (unit) {
      const shift = periods * period;
      shifted.adjust(Math.floor(shift / DAY_S), 0, 0, shift % DAY_S);
    } else {
      shifted.year += periods * years;
    }
    if (wallOf(shifted) < before) return shifted;
  }
  return start;
}

export interface Series {
  event: ICAL.Event;
  /** Some of its occurrences are cancelled by an override (STATUS:CANCELLED). */
  cancels: boolean;
}

export interface Occurrence {
  series: number;
  /** Its recurrence id: which occurrence of the rule it is. */
  id: ICAL.Time;
  /** The instant the recurrence id names. */
  at: number;
}

export interface Walk {
  /** Occurrences in the window, in time order. */
  occurrences: Occurrence[];
  /** Every occurrence whose recurrence id is before this instant was walked (the window's end: all). */
  completeUntil: number;
  /** The walk stopped early: the budget was spent, or more occurrences than `max` were found. */
  stopped: boolean;
  /** Occurrences in the window that an override cancels (STATUS:CANCELLED). */
  cancelled: Occurrence[];
  /** Series whose rule could not be followed, with why. */
  refused: { series: number; reason: string }[];
}

export interface WalkLimits {
  from: number;
  to: number;
  /** Occurrences found at most; one more stops the walk. */
  max: number;
  /** Occurrences of one series skipped before the window at most (a rule counted from long ago). */
  maxBefore: number;
}

const startOfMonth = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};
const nextMonth = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};

export const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);

/** Months wholly inside [from, until) and [from, to]: `2026-03`. */
export function wholeMonths(from: number, to: number, until: number): string[] {
  const months: string[] = [];
  for (let m = startOfMonth(from); nextMonth(m) <= Math.min(until, to); m = nextMonth(m)) {
    if (m >= from) months.push(monthOf(m));
  }
  return months;
}

interface State {
  expansion: ICAL.RecurExpansion;
  /** The next occurrence's recurrence id and instant, not yet walked. */
  next: ICAL.Time | null;
  at: number;
  /** The instant of the last occurrence walked. */
  last: number;
  skipped: number;
}

/** A min-heap of series by their next occurrence. */
class Queue {
  private readonly items: number[] = [];
  constructor(private readonly before: (a: number, b: number) => boolean) {}
  push(item: number) {
    const items = this.items;
    items.push(item);
    for (let i = items.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!this.before(items[i] as number, items[parent] as number)) break;
      [items[i], items[parent]] = [items[parent] as number, items[i] as number];
      i = parent;
    }
  }
  pop(): number | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length && last !== undefined) {
      items[0] = last;
      for (let i = 0; ; ) {
        const left = 2 * i + 1;
        const right = left + 1;
        let least = i;
        if (left < items.length && this.before(items[left] as number, items[least] as number)) least = left;
        if (right < items.length && this.before(items[right] as number, items[least] as number))
          least = right;
        if (least === i) break;
        [items[i], items[least]] = [items[least] as number, items[i] as number];
        i = least;
      }
    }
    return top;
  }
}

const TOO_FAR_BACK = 'It repeats too often since too long ago to be followed';
const reasonOf = (error: unknown) =>
  error instanceof OutOfSteps ? 'Its repeat rule (almost) never matches' : 'Its repeat rule cannot be read';

/**
 * Walks the occurrences of all the series together in time order, so wherever the walk stops (the
 * meter's budget spent, more than `max` occurrences) every occurrence before that moment was seen.
 * Occurrences ending before the window are skipped without being read. A series that cannot be
 * followed is refused: nothing after its last occurrence walked counts as seen.
 */
export function walkSeries(series: Series[], limits: WalkLimits, meter: StepMeter): Walk {
  const walk: Walk = { occurrences: [], completeUntil: Infinity, stopped: false, cancelled: [], refused: [] };
  const states: (State | null)[] = series.map(() => null);
  const lengths = series.map(({ event }) => Math.max(0, event.duration?.toSeconds() ?? 0) * 1000);
  const moved = series.map(({ event }) => Object.keys(event.exceptions).length > 0);
  const queue = new Queue((a, b) => {
    const x = states[a]?.at ?? 0;
    const y = states[b]?.at ?? 0;
    return x < y || (x === y && a < b);
  });
  const seenUntil = (at: number) => {
    walk.completeUntil = Math.min(walk.completeUntil, at);
  };
  const refuse = (index: number, reason: string, at: number) => {
    walk.refused.push({ series: index, reason });
    seenUntil(at);
  };

  /** Reads the series' next occurrence into its state; false when it has none. */
  const pull = (index: number, state: State | null): boolean => {
    const { event } = series[index] as Series;
    meter.begin();
    meter.tick();
    const expansion = state?.expansion ?? event.iterator(followFrom(event, limits.from));
    const next = expansion.next();
    if (!next) return false;
    const time = next.clone();
    states[index] = {
      expansion,
      next: time,
      at: instantOf(time),
      last: state?.last ?? -Infinity,
      skipped: state?.skipped ?? 0,
    };
    return true;
  };

  /** Walks the series' pending occurrence; false when the series is to be left (too far back). */
  const visit = (index: number, state: State): boolean => {
    const { event, cancels } = series[index] as Series;
    const id = state.next as ICAL.Time;
    const at = state.at;
    state.last = at;
    if (at + (lengths[index] ?? 0) < limits.from) {
      const details = moved[index] ? event.getOccurrenceDetails(id) : null;
      if (!details || instantOf(details.endDate) < limits.from) {
        if (++state.skipped <= limits.maxBefore) return true;
        refuse(index, TOO_FAR_BACK, at);
        return false;
      }
    }
    if (cancels && isCancelled(event.getOccurrenceDetails(id).item.component)) {
      walk.cancelled.push({ series: index, id, at });
    } else {
      walk.occurrences.push({ series: index, id, at });
    }
    return true;
  };

  /** Runs one series' step; false when the whole walk must stop (the budget is spent). */
  const step = (index: number, work: () => void, at: number): boolean => {
    try {
      work();
      return true;
    } catch (error) {
      if (error instanceof OutOfSteps && error.whole) {
        walk.stopped = true;
        seenUntil(at);
        return false;
      }
      refuse(index, reasonOf(error), at);
      return true;
    }
  };

  for (let index = 0; index < series.length; index++) {
    const go = step(index, () => pull(index, null) && queue.push(index), -Infinity);
    if (!go) return walk;
  }
  for (let index = queue.pop(); index !== undefined; index = queue.pop()) {
    const state = states[index] as State;
    if (state.at > limits.to) break;
    const at = state.at;
    const go = step(index, () => visit(index, state) && pull(index, state) && queue.push(index), at);
    if (!go) return walk;
    if (walk.occurrences.length > limits.max) {
      walk.stopped = true;
      seenUntil(at);
      return walk;
    }
  }
  return walk;
}
