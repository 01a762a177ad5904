import ICAL from 'ical.js';

/** A calendar's recurrences cost more than one parse may spend (`whole`), or one occurrence alone does. */
export class OutOfSteps extends Error {
  constructor(readonly whole: boolean) {
    super(
      whole ? 'The calendar repeats too much to be read whole' : 'A repeat rule that (almost) never matches',
    );
  }
}

/**
 * Counts the steps ical.js takes expanding one file's recurrences. Its iterator loops internally until a
 * rule matches (a rule that never matches loops for ever; a minutely one from years back takes millions
 * of steps), so the meter stops it: past `budget` steps for the whole file, or `perOccurrence` steps
 * since `begin()` (one occurrence, one event).
 */
export class StepMeter {
  spent = 0;
  private mark = 0;

  constructor(
    private readonly budget: number,
    private readonly perOccurrence: number,
  ) {}

  begin(): void {
    this.mark = this.spent;
  }

  tick(cost = 1): void {
    this.spent += cost;
    if (this.spent > this.budget) throw new OutOfSteps(true);
    if (this.spent - this.mark > this.perOccurrence) throw new OutOfSteps(false);
  }
}

let active: StepMeter | null = null;

// The iterator's inner loops call these on every step (next_month does a month's work at once).
const proto = ICAL.RecurIterator.prototype;
const check = proto.check_contracting_rules;
const nextMonth = proto.next_month;
const expandYearDays = proto.expand_year_days;
proto.check_contracting_rules = function (this: ICAL.RecurIterator) {
  active?.tick();
  return check.call(this);
};
proto.next_month = function (this: ICAL.RecurIterator) {
  active?.tick(4);
  return nextMonth.call(this);
};
proto.expand_year_days = function (this: ICAL.RecurIterator, year: unknown) {
  active?.tick();
  return expandYearDays.call(this, year);
};

/** Runs `work` (synchronous: no other parse interleaves) with ical.js's iterators counted by `meter`. */
export function metered<T>(meter: StepMeter, work: () => T): T {
  const outer = active;
  active = meter;
  try {
    return work();
  } finally {
    active = outer;
  }
}
