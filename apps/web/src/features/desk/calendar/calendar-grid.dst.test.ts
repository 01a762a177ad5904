import type { DeskObject } from '@easio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutDay } from './calendar-grid';
import type { CalendarEvent } from './event-times';

// Dates are read in the process's zone: this file runs in Berlin, whose clocks change on
// 29 March 2026 (a 23-hour day) and 25 October 2026 (a 25-hour day).
let zone: string | undefined;
beforeAll(() => {
  zone = process.env.TZ;
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const between = (name: string, from: Date, to: Date): CalendarEvent => ({
  object: { name } as DeskObject,
  start: from,
  end: to,
  allDay: false,
});

describe('layoutDay on the days the clocks change', () => {
  it('runs in a zone whose clocks change', () => {
    expect(new Date(2026, 2, 30).getTime() - new Date(2026, 2, 29).getTime()).toBe(23 * 3_600_000);
  });

  it('places events by the wall clock when the clocks go forward', () => {
    const day = new Date(2026, 2, 29);
    const placed = layoutDay(
      [
        between('Brunch', new Date(2026, 2, 29, 10, 0), new Date(2026, 2, 29, 11, 30)),
        between('Night', new Date(2026, 2, 29, 1, 0), new Date(2026, 2, 29, 4, 0)),
        between('Party', new Date(2026, 2, 28, 22, 0), new Date(2026, 2, 29, 1, 30)),
        between('Late', new Date(2026, 2, 29, 23, 0), new Date(2026, 2, 30, 1, 0)),
      ],
      day,
    );
    const byName = Object.fromEntries(placed.map((p) => [p.event.object.name, p]));
    expect(byName.Brunch).toMatchObject({ top: 600, height: 90 });
    expect(byName.Night).toMatchObject({ top: 60, height: 180 });
    expect(byName.Party).toMatchObject({ top: 0, height: 90 });
    expect(byName.Late).toMatchObject({ top: 1380, height: 60 });
  });

  it('places events by the wall clock when the clocks go back', () => {
    const [meeting] = layoutDay(
      [between('Meeting', new Date(2026, 9, 25, 10, 0), new Date(2026, 9, 25, 11, 0))],
      new Date(2026, 9, 25),
    );
    expect(meeting).toMatchObject({ top: 600, height: 60 });
  });
});
