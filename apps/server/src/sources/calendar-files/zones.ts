import ICAL from 'ical.js';
import { WINDOWS_ZONES } from './windows-zones.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Valid zones only (at most the platform's few hundred), so a file's made-up names cannot grow it. */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string): Intl.DateTimeFormat | null {
  const known = formats.get(zone);
  if (known) return known;
  try {
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, format);
    return format;
  } catch {
    return null;
  }
}

const ZONE_NAME = /^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+){1,2}$/;
const ZONE_AT_END = /[A-Za-z]+(?:\/[A-Za-z0-9_+-]+){1,2}$/;

/**
 * The IANA zone a TZID names, when the platform knows it: an IANA name (`Europe/Berlin`), a Windows
 * one (`W. Europe Standard Time`) or a path ending in an IANA name (`/mozilla.org/20050126_1/Europe/Berlin`).
 */
export function ianaZone(tzid: string): string | null {
  const name = tzid.trim();
  const candidate = WINDOWS_ZONES[name] ?? (ZONE_NAME.test(name) ? name : ZONE_AT_END.exec(name)?.[0]);
  if (!candidate) return null;
  return formatIn(candidate)?.resolvedOptions().timeZone ?? null;
}

/** Seconds the zone is ahead of UTC at an instant. */
export function offsetAt(zone: string, ms: number): number {
  const format = formatIn(zone);
  if (!format) throw new RangeError(`Unknown time zone ${zone}`);
  const at = Math.floor(ms / 1000) * 1000;
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(at))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return Math.round((wall - at) / 1000);
}

/** The zone's offset a day away from a moment (zones never change twice within two days), by hour. */
const probes = new Map<string, Map<number, number>>();
function probe(zone: string, ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  let hours = probes.get(zone);
  if (!hours || hours.size > 100_000) {
    hours = new Map();
    probes.set(zone, hours);
  }
  let offset = hours.get(hour);
  if (offset === undefined) {
    offset = offsetAt(zone, hour * HOUR_MS);
    hours.set(hour, offset);
  }
  return offset;
}

/**
 * The instant a wall-clock time names in a zone (`wallMs`: the wall clock's fields read as UTC). As RFC
 * 5545 says: a time skipped when clocks go forward is read with the offset before the change; a time
 * that happens twice when they go back is the first.
 */
export function zonedTimeToUtc(wallMs: number, zone: string): number {
  const before = probe(zone, wallMs - DAY_MS);
  const after = probe(zone, wallMs + DAY_MS);
  const early = wallMs - before * 1000;
  if (before === after) return early;
  const late = wallMs - after * 1000;
  const earlyHolds = offsetAt(zone, early) === before;
  const lateHolds = offsetAt(zone, late) === after;
  if (earlyHolds && lateHolds) return Math.min(early, late);
  if (lateHolds) return late;
  return early;
}

/** A time zone ical.js reads through the platform's zone data, for a TZID the file does not define. */
class PlatformTimezone extends ICAL.Timezone {
  constructor(
    tzid: string,
    private readonly zone: string,
  ) {
    super({ tzid });
  }

  /** ical.js asks again and again for the same times (comparing, iterating). */
  private readonly offsets = new Map<number, number>();

  override utcOffset(tt: ICAL.Time): number {
    const wall = Date.UTC(tt.year, tt.month - 1, tt.day, tt.hour, tt.minute, tt.second);
    let offset = this.offsets.get(wall);
    if (offset === undefined) {
      if (this.offsets.size > 100_000) this.offsets.clear();
      offset = (wall - zonedTimeToUtc(wall, this.zone)) / 1000;
      this.offsets.set(wall, offset);
    }
    return offset;
  }
}

/** A TZID the file names without defining it, as a zone ical.js can use; null when unknown. */
export function platformTimezone(tzid: string): ICAL.Timezone | null {
  const zone = ianaZone(tzid);
  return zone ? new PlatformTimezone(tzid, zone) : null;
}
