import type { DeskObject } from '@easio/shared';
import { describe, expect, it } from 'vitest';
import { describeEvent } from './calendar-format';

const at = (start: Date, end: Date, allDay = false) => ({
  object: { name: 'Trip' } as DeskObject,
  start,
  end,
  allDay,
});

describe('describeEvent', () => {
  const day = (d: number) =>
    new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long' }).format(
      new Date(2026, 2, d),
    );
  const time = (h: number) =>
    new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(new Date(2026, 2, 1, h));

  it('names the days of an all-day event, its end date being exclusive', () => {
    expect(describeEvent(at(new Date(2026, 2, 10), new Date(2026, 2, 11), true))).toBe(
      `Trip, all day, ${day(10)}`,
    );
    expect(describeEvent(at(new Date(2026, 2, 10), new Date(2026, 2, 12), true))).toBe(
      `Trip, all day, ${day(10)} to ${day(11)}`,
    );
  });

  it('gives the times, and the end day when it ends on another', () => {
    expect(describeEvent(at(new Date(2026, 2, 10, 9), new Date(2026, 2, 10, 10)))).toBe(
      `Trip, ${day(10)}, ${time(9)} to ${time(10)}`,
    );
    expect(describeEvent(at(new Date(2026, 2, 10, 22), new Date(2026, 2, 11, 0)))).toBe(
      `Trip, ${day(10)}, ${time(22)} to ${time(0)}`,
    );
    expect(describeEvent(at(new Date(2026, 2, 10, 22), new Date(2026, 2, 11, 1)))).toBe(
      `Trip, ${day(10)}, ${time(22)} to ${day(11)}, ${time(1)}`,
    );
  });

  it('starts with the start time when the time is shown before the title', () => {
    expect(describeEvent(at(new Date(2026, 2, 10, 9), new Date(2026, 2, 10, 10)), true)).toBe(
      `${time(9)} Trip, ${day(10)}, ${time(9)} to ${time(10)}`,
    );
    expect(describeEvent(at(new Date(2026, 2, 10), new Date(2026, 2, 11), true), true)).toBe(
      `Trip, all day, ${day(10)}`,
    );
  });
});
