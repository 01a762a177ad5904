import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { objects, users } from '../db/schema.js';
import { findDocumentDate } from './document-date.js';
import { baseMimeType, DOCX, PDF } from './mime.js';
import { sameBytes, type Target } from './same-bytes.js';

/**
 * A day written as an instant: noon UTC is the same calendar day from UTC−11 to UTC+11, so the web,
 * which shows item dates in the viewer's time zone, shows the day the document says.
 */
/**
 * Files whose text is a document that may carry its own date: PDF, Word, OpenDocument, RTF, plain
 * text, Markdown and HTML. Not e-mails, calendars, CSV or JSON: mail and events have their own dates,
 * and a data file's first date is a record's, not the file's. Notes and links are not files.
 */
const DATED_TYPES = new Set([
  PDF,
  DOCX,
  'application/vnd.oasis.opendocument.text',
  'application/rtf',
  'text/rtf',
  'text/plain',
  'text/markdown',
  'text/x-markdown',
  'text/html',
  'application/xhtml+xml',
]);

export function takesDocumentDate(dataType: string, mimeType: string | null): boolean {
  return dataType === 'file_object' && DATED_TYPES.has(baseMimeType(mimeType ?? ''));
}

export const noonUtc = (day: string): Date => new Date(`${day}T12:00:00.000Z`);

/**
 * Takes the first plausible date written in a document's text (read in the owner's region's order,
 * month names in `languages`) as its date, for the object and its duplicates: only where they have no
 * date of their own (a source's date or a photo's EXIF date are never replaced), or one an earlier
 * reading of a text took (so a better reading, such as OCR, may correct it). The owner's birthday is
 * never taken. Answers the day set, or null when the text holds none.
 */
export async function applyDocumentDate(
  db: Db,
  target: Target,
  text: string,
  languages?: string[],
): Promise<string | null> {
  const [owner] = await db
    .select({ region: users.region, dob: users.dob })
    .from(users)
    .where(eq(users.id, target.ownerId))
    .limit(1);
  if (!owner) return null;
  const found = findDocumentDate(text, {
    region: owner.region,
    languages,
    ignore: owner.dob ? [owner.dob] : [],
  });
  if (!found) return null;
  const day = noonUtc(found.date);
  await db
    .update(objects)
    .set({ sourceCreatedAt: day, dateSource: 'document', updatedAt: sql`now()` })
    .where(
      and(
        sameBytes(target),
        or(
          isNull(objects.sourceCreatedAt),
          and(eq(objects.dateSource, 'document'), ne(objects.sourceCreatedAt, day)),
        ),
      ),
    );
  return found.date;
}
