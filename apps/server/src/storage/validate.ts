import type { ByteRange } from './blob-store.js';

const KEY_SEGMENT = /^[A-Za-z0-9._-]+$/;
const OWNER_ID = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 1024;

/**
 * Keys become file paths and S3 keys, so only a safe alphabet passes: `[A-Za-z0-9._-]` segments joined by
 * `/`, no leading `/`, no empty segment and no `..` anywhere. Nothing outside the store's root can be named.
 */
export function assertValidKey(key: string): void {
  const ok =
    key.length > 0 &&
    key.length <= MAX_KEY_LENGTH &&
    !key.includes('..') &&
    key.split('/').every((segment) => KEY_SEGMENT.test(segment) && segment !== '.');
  if (!ok) throw new TypeError(`Invalid blob key: ${JSON.stringify(key.slice(0, 100))}`);
}

/** Keys written by callers may not start with a dot: `.tmp/` belongs to the store's uploads in progress. */
export function assertWritableKey(key: string): void {
  assertValidKey(key);
  if (key.startsWith('.')) throw new TypeError(`Reserved blob key: ${JSON.stringify(key)}`);
}

export function assertValidOwnerId(ownerId: string): void {
  if (!OWNER_ID.test(ownerId) || ownerId.includes('..') || ownerId.length > 200) {
    throw new TypeError(`Invalid owner id: ${JSON.stringify(ownerId.slice(0, 100))}`);
  }
}

export function assertValidRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`Invalid byte range ${start}-${end}`);
  }
}

export function assertValidMaxBytes(maxBytes: number): void {
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) throw new RangeError(`Invalid maxBytes ${maxBytes}`);
}
