import { createHash } from 'node:crypto';
import { cutText, storableText } from './text.js';

/**
 * The longest key (an item's external id) kept as it is, in bytes of UTF-8. Keys are in unique indexes,
 * whose entries PostgreSQL keeps under 2,704 bytes with the owner and source beside the key.
 */
export const KEY_MAX_BYTES = 2000;

/**
 * A key made of what an export says (an address, a title) that fits the indexes: kept as it is up to
 * `KEY_MAX_BYTES`; a longer one is its head and a hash of the whole, the same for the same key every
 * time, so importing the same export again still finds what it stored.
 */
export function intakeKey(key: string): string {
  const fits = key.length <= KEY_MAX_BYTES / 4 || Buffer.byteLength(key) <= KEY_MAX_BYTES;
  if (fits && storableText(key) === key) return key;
  const hash = createHash('sha256').update(key).digest('base64url');
  return `${cutText(storableText(key.slice(0, 200)), 200)}#${hash}`;
}
