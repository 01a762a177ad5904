import { storableText } from './text.js';

/**
 * The most an item's metadata may take, as JSON (characters). The largest an item of Easio's own makes is
 * an e-mail's: its HTML body with its pictures (`MAX_STORED_HTML_CHARS`) and its headers; anything beyond
 * is no item's details, and is refused rather than cut (a cut would leave details that mean nothing).
 */
export const METADATA_MAX_CHARS = 2_000_000;
/** Objects and lists inside one another deeper than this are no item's details. */
export const METADATA_MAX_DEPTH = 20;

export type MetadataCheck = { ok: true; metadata: Record<string, unknown> } | { ok: false; reason: string };

class TooDeep extends Error {}

/** A JSON value with every string (keys too) made storable; throws TooDeep past `METADATA_MAX_DEPTH`. */
function storable(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return storableText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= METADATA_MAX_DEPTH) throw new TooDeep();
  if (Array.isArray(value)) return value.map((v) => storable(v, depth + 1));
  // fromEntries defines each key as given, a `__proto__` of JSON's too (an assignment would not).
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [storableText(key), storable(v, depth + 1)]),
  );
}

/**
 * An item's metadata from outside as stored: every string storable (no NUL, no half surrogate pair),
 * or refused with a reason for its owner when it nests deeper than `METADATA_MAX_DEPTH` or takes more
 * than `METADATA_MAX_CHARS` as JSON.
 */
export function intakeMetadata(metadata: Record<string, unknown>): MetadataCheck {
  let kept: Record<string, unknown>;
  try {
    kept = storable(metadata, 0) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof TooDeep) return { ok: false, reason: 'Its details nest too deeply to be kept' };
    throw error;
  }
  if (JSON.stringify(kept).length > METADATA_MAX_CHARS) {
    const mb = METADATA_MAX_CHARS / 1_000_000;
    return { ok: false, reason: `Its details take more than the ${mb} MB an item may keep` };
  }
  return { ok: true, metadata: kept };
}
