import type { DeskObject } from '@easio/shared';
import { describe, expect, it } from 'vitest';
import {
  dayKey,
  layoutDay,
  monthWeeks,
  parseDayKey,
  shiftAnchor,
  startOfWeek,
  visibleRange,
  weekDays,
} from './calendar-grid';
import type { CalendarEvent } from './event-times';

describe('the month and week grids', () => {
  it('starts weeks on Monday', () => {
    expect(startOfWeek(new Date(2026, 10, 22))).toEqual(new Date(2026, 10, 16)); // a Sunday
    expect(startOfWeek(new Date(2026, 10, 16))).toEqual(new Date(2026, 10, 16));
    expect(weekDays(new Date(2026, 10, 19)).map(dayKey)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
  });

  it('shows whole weeks around the month', () => {
    const weeks = monthWeeks(new Date(2026, 1, 14)); // February 2026 starts on a Sunday
    expect(weeks).toHaveLength(5);
    expect(dayKey(weeks[0]?.[0] as Date)).toBe('2026-01-26');
    expect(dayKey(weeks.at(-1)?.[6] as Date)).toBe('2026-03-01');
    const range = visibleRange('month', new Date(2026, 1, 14));
    expect(dayKey(range.from)).toBe('2026-01-26');
    expect(dayKey(range.to)).toBe('2026-03-02');
  });

  it('moves a month at a time keeping the day where the month has it', () => {
    expect(dayKey(shiftAnchor('month', new Date(2026, 0, 31), 1))).toBe('2026-02-28');
    expect(dayKey(shiftAnchor('month', new Date(2026, 0, 15), -1))).toBe('2025-12-15');
    expect(dayKey(shiftAnchor('week', new Date(2026, 2, 30), 1))).toBe('2026-04-06');
  });

  it('reads only real days from the address', () => {
    expect(parseDayKey('2026-03-02')).toEqual(new Date(2026, 2, 2));
    expect(parseDayKey('2026-02-30')).toBeNull();
    expect(parseDayKey('March')).toBeNull();
    expect(parseDayKey(null)).toBeNull();
  });
});

describe('layoutDay', () => {
  const at = (name: string, from: [number, number], to: [number, number]): CalendarEvent => ({
    object: { name } as DeskObject,
    start: new Date(2026, 2, 2, ...from),
    end: new Date(2026, 2, 2, ...to),
    allDay: false,
  });

  it('places events by minute and sets overlapping ones side by side', () => {
    const placed = layoutDay(
      [
        at('A', [9, 0], [10, 0]),
        at('B', [9, 30], [11, 0]),
        at('C', [10, 0], [10, 30]),
        at('D', [14, 0], [14, 5]),
      ],
      new Date(2026, 2, 2),
    );
    const byName = Object.fromEntries(placed.map((p) => [p.event.object.name, p]));
    expect(byName.A).toMatchObject({ top: 540, height: 60, lane: 0, lanes: 2 });
    expect(byName.B).toMatchObject({ top: 570, height: 90, lane: 1, lanes: 2 });
    expect(byName.C).toMatchObject({ top: 600, lane: 0, lanes: 2 });
    expect(byName.D).toMatchObject({ top: 840, height: 20, lane: 0, lanes: 1 });
  });

  it('clips an event that runs past midnight to the day shown', () => {
    const [late] = layoutDay([at('Late', [23, 0], [26, 0])], new Date(2026, 2, 2));
    expect(late).toMatchObject({ top: 1380, height: 60 });
    const [early] = layoutDay([at('Late', [23, 0], [26, 0])], new Date(2026, 2, 3));
    expect(early).toMatchObject({ top: 0, height: 120 });
  });
});
