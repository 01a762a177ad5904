import { type DataType, LINK_TYPES, NOTE_MAX } from '@easio/shared';
import { addressRefusal } from './addresses.js';
import { intakeKey } from './keys.js';
import { storedMailHtml } from './mail-html.js';
import { intakeMetadata } from './metadata.js';
import { intakeName } from './names.js';
import { intakeTags } from './tags.js';
import { intakeText, storableText, TEXT_MAX } from './text.js';

/** What of an item arriving from outside the intake rules look at (an imported item, a restored one). */
export interface IntakeItem {
  externalId?: string;
  dataType: string;
  name: string;
  url?: string | null;
  content?: string | null;
  mimeType?: string | null;
  metadata: Record<string, unknown>;
  tags?: string[];
}

export type ItemCheck<T> = { ok: true; item: T } | { ok: false; reason: string };

/** The kinds whose text is a note the user edits: held to the desk's `NOTE_MAX`. */
const NOTE_TYPES: ReadonlySet<string> = new Set<DataType>(['note_object', 'url_note_object']);
const LINKS: ReadonlySet<string> = LINK_TYPES;
/** A media type longer than this is none (the longest registered ones are under 130 characters). */
const MIME_MAX = 255;

/** `metadata.html` (an e-mail's body, which the viewer shows) sanitised; any other value there dropped. */
function withSafeHtml(metadata: Record<string, unknown>): Record<string, unknown> {
  if (!('html' in metadata)) return metadata;
  const { html, ...rest } = metadata;
  if (typeof html === 'string') return { ...rest, html: storedMailHtml(html) };
  return html === null ? metadata : rest;
}

/**
 * One item from outside (an import, a restore, a provider's record) held to the rules every way in
 * applies: its name cut to the desk's cap, its address http(s) only, its texts bounded and storable, an
 * e-mail's HTML sanitised, its tags as the desk keeps them. Refused, with a reason for its owner, when
 * it is a link whose address cannot be one, when its details (metadata) are absurd, or its key too long.
 * Another kind of item with an address that cannot be a link (an event's, a location's) keeps the item
 * without the address.
 */
export function intakeItem<T extends IntakeItem>(item: T): ItemCheck<T> {
  if (item.externalId !== undefined && intakeKey(item.externalId) !== item.externalId) {
    return { ok: false, reason: 'Its id at its source is too long to be kept' };
  }
  const link = LINKS.has(item.dataType);
  let url = item.url?.trim() || null;
  if (url !== null) {
    const refusal = addressRefusal(url);
    if (refusal && link) return { ok: false, reason: refusal };
    if (refusal) url = null;
  } else if (link) {
    return { ok: false, reason: 'A link without an address' };
  }
  const metadata = intakeMetadata(withSafeHtml(item.metadata));
  if (!metadata.ok) return metadata;
  const mimeType = item.mimeType && item.mimeType.length <= MIME_MAX ? storableText(item.mimeType) : null;
  return {
    ok: true,
    item: {
      ...item,
      name: intakeName(item.name, url ? intakeName(url, 'Untitled') : 'Untitled'),
      url,
      content: intakeText(item.content, NOTE_TYPES.has(item.dataType) ? NOTE_MAX : TEXT_MAX),
      mimeType,
      metadata: metadata.metadata,
      ...(item.tags && { tags: intakeTags(item.tags) }),
    },
  };
}
