import { readBlob } from '../../processing/read-blob.js';
import { icsId, icsScope, itemOfIcsEvent } from '../../sources/calendar-files/calendar-source.js';
import { IcsError, parseCalendar } from '../../sources/calendar-files/ics.js';
import { MAX_ICS_BYTES } from '../../sources/calendar-files/ics-routes.js';
import type { BlobStore } from '../../storage/blob-store.js';

export interface UploadedEvent {
  name: string;
  content: string | null;
  metadata: Record<string, unknown>;
  startsAt: Date;
}

export interface ReadCalendar {
  name: string;
  events: UploadedEvent[];
  /** More events than a calendar import keeps (5,000) or recurrences too costly to expand whole. */
  capped: boolean;
  /** Events without a start, left out. */
  skipped: number;
}

/**
 * An uploaded `.ics` read as a calendar import reads one (its zones, recurrences over the past year and
 * the next two, cancelled events left out); each event stored as an import stores it, without what a
 * re-import would need (uploads are kept as they are: the same file uploaded again is a duplicate).
 * Null when the file is too large for a calendar or not a calendar after all.
 */
export async function readUploadedCalendar(
  blobs: BlobStore,
  blob: { key: string; size: number },
  fileName: string,
): Promise<ReadCalendar | null> {
  if (blob.size > MAX_ICS_BYTES) return null;
  const text = (await readBlob(blobs, blob.key, MAX_ICS_BYTES)).toString('utf8');
  let parsed: ReturnType<typeof parseCalendar>;
  try {
    parsed = parseCalendar(text, new Date());
  } catch (error) {
    if (error instanceof IcsError) return null;
    throw error;
  }
  const calendar = parsed.name || fileName.replace(/\.(ics|ical|ifb)$/i, '') || 'Calendar';
  const target = { idOf: icsId, scope: icsScope(calendar), calendar };
  return {
    name: calendar,
    capped: parsed.capped,
    skipped: parsed.skipped.length,
    events: parsed.events.map((event) => {
      const item = itemOfIcsEvent(event, target);
      const { sync_scope: _scope, sync_key: _key, ...metadata } = item.metadata;
      return {
        name: item.name,
        content: item.content ?? null,
        metadata,
        startsAt: event.startsAt,
      };
    }),
  };
}
