import { describe, expect, it } from 'vitest';
import { ianaZone, offsetAt, zonedTimeToUtc } from './zones.js';

const wall = (text: string) => Date.parse(`${text}Z`);
const utc = (text: string, zone: string) => new Date(zonedTimeToUtc(wall(text), zone)).toISOString();

describe('time zones from the platform', () => {
  it('knows IANA names, common Windows names and paths ending in a zone, and nothing else', () => {
    expect(ianaZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(ianaZone('W. Europe Standard Time')).toBe('Europe/Berlin');
    expect(ianaZone('Eastern Standard Time')).toBe('America/New_York');
    expect(ianaZone('/mozilla.org/20050126_1/America/New_York')).toBe('America/New_York');
    expect(ianaZone('America/Argentina/Buenos_Aires')).toMatch(/Buenos_Aires$/);
    for (const unknown of ['Mars/Olympus_Mons', 'Customized Time Zone', '', '../../etc/passwd']) {
      expect(ianaZone(unknown), unknown).toBeNull();
    }
  });

  it('gives the offset at an instant, summer and winter', () => {
    expect(offsetAt('Europe/Berlin', Date.parse('2026-01-15T12:00:00Z'))).toBe(3600);
    expect(offsetAt('Europe/Berlin', Date.parse('2026-07-15T12:00:00Z'))).toBe(7200);
    expect(offsetAt('America/New_York', Date.parse('2026-01-15T12:00:00Z'))).toBe(-5 * 3600);
    expect(offsetAt('Asia/Kolkata', Date.parse('2026-07-15T12:00:00Z'))).toBe(5.5 * 3600);
  });

  it('reads a wall-clock time in its zone, around both changes of the clocks', () => {
    expect(utc('2026-03-10T10:00:00', 'Europe/Berlin')).toBe('2026-03-10T09:00:00.000Z');
    // Berlin moves to summer time on Sunday 29 March 2026 at 02:00 (01:00 UTC).
    expect(utc('2026-03-29T01:59:00', 'Europe/Berlin')).toBe('2026-03-29T00:59:00.000Z');
    expect(utc('2026-03-29T03:00:00', 'Europe/Berlin')).toBe('2026-03-29T01:00:00.000Z');
    expect(utc('2026-03-30T10:00:00', 'Europe/Berlin')).toBe('2026-03-30T08:00:00.000Z');
    // 02:30 does not exist that night: read with the offset before the change (03:30 summer time).
    expect(utc('2026-03-29T02:30:00', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    // 02:30 happens twice on 25 October: the first (still summer time).
    expect(utc('2026-10-25T02:30:00', 'Europe/Berlin')).toBe('2026-10-25T00:30:00.000Z');
    expect(utc('2026-10-25T03:30:00', 'Europe/Berlin')).toBe('2026-10-25T02:30:00.000Z');
    // New York changes on 8 March and 1 November 2026.
    expect(utc('2026-03-06T09:00:00', 'America/New_York')).toBe('2026-03-06T14:00:00.000Z');
    expect(utc('2026-03-09T09:00:00', 'America/New_York')).toBe('2026-03-09T13:00:00.000Z');
    expect(utc('2026-03-08T02:30:00', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(utc('2026-11-01T01:30:00', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(utc('2026-11-02T09:00:00', 'America/New_York')).toBe('2026-11-02T14:00:00.000Z');
  });
});
