import { z } from 'zod';
import { BINDER_STATES, DATA_TYPES, SOURCES } from './constants.js';
import { FOLDER_TYPES } from './tree.js';

export const JOB_STATES = ['pending', 'running', 'done', 'failed'] as const;

/**
 * Reading text out of a scan or photo (OCR): waiting, reading now, read (its text is the item's
 * `content`; `none` found no text in the picture), or failed with a reason.
 */
export const OCR_STATES = ['pending', 'reading', 'done', 'none', 'failed'] as const;
export type OcrState = (typeof OCR_STATES)[number];

export const ocrInfoSchema = z.object({
  state: z.enum(OCR_STATES),
  /** Mean confidence of the words read, 0–100; null until read. */
  confidence: z.number().min(0).max(100).nullable(),
  /** Pages read (1 for an image); null until read. */
  pages: z.number().int().nullable(),
  /** Why reading failed, in words for the user; null otherwise. */
  error: z.string().nullable(),
});
export type OcrInfo = z.infer<typeof ocrInfoSchema>;

/**
 * Where an item's date came from: its source (the provider's or the file's own date), a photo's date
 * taken (EXIF), a date written in the document's text, or none of these (when it arrived on the desk).
 */
export const DATE_SOURCES = ['source', 'photo', 'document', 'arrived'] as const;
export type DateSource = (typeof DATE_SOURCES)[number];

export const NAME_MAX = 1000;
export const NOTE_MAX = 200_000;
export const URL_MAX = 4096;

/** A crumb of a folder's path from the root: `[root, drawer, binder]`. */
export const crumbSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  data_type: z.enum(FOLDER_TYPES),
});
export type Crumb = z.infer<typeof crumbSchema>;

/** One object of the desk tree as the API answers it. */
export const deskObjectSchema = z.object({
  id: z.uuid(),
  parent_id: z.uuid().nullable(),
  data_type: z.enum(DATA_TYPES),
  source: z.enum(SOURCES),
  name: z.string(),
  url: z.string().nullable(),
  /**
   * Note text, url-note text, extracted document text (cut to `CONTENT_PREVIEW_MAX` in lists, and to
   * `SEARCH_PREVIEW_MAX` in search results).
   */
  content: z.string().nullable(),
  mime_type: z.string().nullable(),
  size: z.number().nullable(),
  sha256: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  tags: z.array(z.string()),
  binder_state: z.enum(BINDER_STATES).nullable(),
  /** When the item was made at its source, else when it arrived. */
  item_date: z.iso.datetime({ offset: true }),
  /** Where `item_date` came from. */
  date_source: z.enum(DATE_SOURCES),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
  /** The object this one stands for when it was kept as a link to a duplicate upload. */
  duplicate_of: z.uuid().nullable(),
  /** Background processing of a file: text extraction, thumbnail, EXIF. */
  job_state: z.enum(JOB_STATES).nullable(),
  job_error: z.string().nullable(),
  /** Text read from a scan or photo; null for items whose text needs no reading. */
  ocr: ocrInfoSchema.nullable(),
  /** Signed, short-lived addresses (a browser can't send the bearer token from <img> or a link). */
  content_url: z.string().nullable(),
  download_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  /** Folders only: how many objects are directly inside. */
  child_count: z.number().nullable(),
  /** When it went to the Trash (it, or a folder it is in); null on the desk. */
  trashed_at: z.iso.datetime({ offset: true }).nullable(),
  /** One more at each change of its name, text, address, tags or place: an edit names the one it started from. */
  version: z.number().int(),
});
export type DeskObject = z.infer<typeof deskObjectSchema>;

export const CONTENT_PREVIEW_MAX = 500;
/**
 * The most of an item's text a search result carries: its card shows at most a snippet this long
 * around the first match, so the result's `content` is cut to it too (the viewer reads the whole item).
 */
export const SEARCH_PREVIEW_MAX = 260;

export const SORT_KEYS = ['date', 'name', 'size', 'kind'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;

const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.includes(',') ? v.split(',') : v),
    z.union([item, z.array(item)]),
  );

/** Query of every listing: paged by an opaque cursor, newest first by default. */
export const listQuerySchema = z
  .object({
    sort: z.enum(SORT_KEYS).default('date'),
    order: z.enum(SORT_ORDERS).default('desc'),
    kind: oneOrMany(z.enum(DATA_TYPES)).optional(),
    source: oneOrMany(z.enum(SOURCES)).optional(),
    /** Files whose type starts with this, e.g. `image/` for the gallery. */
    mime: z
      .string()
      .regex(/^[a-z]+\/[a-z0-9.+-]*$/, 'A type such as image/ or application/pdf')
      .optional(),
    /** Only what was saved with the browser extension (its desk page). */
    saved_with: z.enum(['extension']).optional(),
    /** Only items dated (an event's start, a photo's date taken, else when it arrived) at or after this instant. */
    from: z.iso
      .datetime({ offset: true, error: 'from: a date and time such as 2026-03-01T00:00:00Z' })
      .optional(),
    /** Only items dated before this instant. */
    to: z.iso
      .datetime({ offset: true, error: 'to: a date and time such as 2026-04-01T00:00:00Z' })
      .optional(),
    /** Only items that carry a place (latitude and longitude): the gallery's map. */
    placed: z.enum(['true']).optional(),
    cursor: z.string().max(2000).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    message: 'from must be before to',
    path: ['to'],
  });
export type ListQuery = z.input<typeof listQuerySchema>;

export const pageSchema = z.object({
  items: z.array(deskObjectSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type Page = z.infer<typeof pageSchema>;

export const folderViewSchema = z.object({
  folder: deskObjectSchema,
  path: z.array(crumbSchema),
});
export type FolderView = z.infer<typeof folderViewSchema>;

/** An item's or folder's name, as the desk API takes it: trimmed, 1 to `NAME_MAX` characters. */
export const itemNameRule = z.string().trim().min(1, 'Name is required').max(NAME_MAX, 'Name is too long');
const name = itemNameRule;
const optionalParent = z.uuid().nullable().optional();

export const createFolderSchema = z.strictObject({
  data_type: z.enum(['drawer_object', 'binder_object']),
  name,
  /** Drawers go in the root (the default); binders go in a drawer. */
  parent_id: optionalParent,
  binder_state: z.enum(BINDER_STATES).optional(),
});

/** A link's address, as the desk API takes it: http(s) only, at most `URL_MAX` characters. */
export const webAddressRule = z
  .url({ protocol: /^https?$/, error: 'Enter a web address starting with http:// or https://' })
  .max(URL_MAX, 'Address is too long');
const httpUrl = webAddressRule;

/** A location's point on the map, what it is called, and optionally its address. */
export const placeSchema = z.strictObject({
  latitude: z.number().min(-90, 'Latitude is between -90 and 90').max(90, 'Latitude is between -90 and 90'),
  longitude: z
    .number()
    .min(-180, 'Longitude is between -180 and 180')
    .max(180, 'Longitude is between -180 and 180'),
  label: z.string().trim().min(1, 'Label is required').max(NAME_MAX, 'Label is too long'),
  address: z.string().trim().max(2000, 'Address is too long').optional(),
});
export type PlaceInput = z.input<typeof placeSchema>;

/** How long one tag may be, and how many an item may carry. */
export const TAG_MAX = 64;
export const TAGS_MAX = 50;
/** An item's tags, each trimmed and kept once. */
export const tagsSchema = z
  .array(
    z.string().trim().min(1, 'A tag cannot be empty').max(TAG_MAX, `A tag is at most ${TAG_MAX} characters`),
  )
  .max(TAGS_MAX, `At most ${TAGS_MAX} tags`)
  .transform((tags) => [...new Set(tags)]);

/** The items made in Easio itself: a note, a link, a url note and a location. */
export const createItemSchema = z.discriminatedUnion('data_type', [
  z.strictObject({
    data_type: z.literal('note_object'),
    parent_id: optionalParent,
    name: name.optional(),
    content: z.string().max(NOTE_MAX, 'Note is too long'),
  }),
  z.strictObject({
    data_type: z.literal('url_object'),
    parent_id: optionalParent,
    name: name.optional(),
    url: httpUrl,
  }),
  z.strictObject({
    data_type: z.literal('url_note_object'),
    parent_id: optionalParent,
    name: name.optional(),
    url: httpUrl,
    content: z.string().max(NOTE_MAX, 'Note is too long'),
  }),
  z.strictObject({
    data_type: z.literal('location_object'),
    parent_id: optionalParent,
    name: name.optional(),
    ...placeSchema.shape,
  }),
]);
export type CreateItem = z.input<typeof createItemSchema>;

/**
 * Rename, set a binder's state, edit a note's text, a link's address, a location's place, set tags.
 * With `version` (the one the edit started from), an object changed since is refused (409) rather
 * than overwritten; without it, the last change wins.
 */
export const updateObjectSchema = z
  .strictObject({
    name: name.optional(),
    binder_state: z.enum(BINDER_STATES).nullable().optional(),
    content: z.string().max(NOTE_MAX, 'Note is too long').optional(),
    url: httpUrl.optional(),
    tags: tagsSchema.optional(),
    place: placeSchema.optional(),
    version: z.number().int('Version is a whole number').min(1, 'Version starts at 1').optional(),
  })
  .refine((v) => Object.keys(v).some((key) => key !== 'version'), 'Nothing to change');
export type ObjectChanges = z.input<typeof updateObjectSchema>;

export const BULK_MAX = 10_000;
const ids = z
  .array(z.uuid())
  .min(1, 'Choose at least one item')
  .max(BULK_MAX, `At most ${BULK_MAX} at a time`);

/** Move one or many into a drawer, a binder, or back to the root (`target_id` = the root folder). */
export const moveSchema = z.strictObject({ ids, target_id: z.uuid() });
/** Moves them (folders with everything inside) to the Trash. */
export const deleteSchema = z.strictObject({ ids });
export const bulkResultSchema = z.object({ count: z.number() });

/** Days an item stays in the Trash before it is deleted for good, unless the server says otherwise. */
export const TRASH_DAYS_DEFAULT = 30;

/** What was deleted, as the Trash lists it: the object, where it was, and when it goes for good. */
export const trashEntrySchema = z.object({
  object: deskObjectSchema,
  /** The folder it was in (restored there), or null when that was the desk itself or is gone. */
  trashed_from: z.object({ id: z.uuid(), name: z.string(), data_type: z.enum(DATA_TYPES) }).nullable(),
  /** When it will be deleted for good. */
  purge_at: z.iso.datetime({ offset: true }),
});
export type TrashEntry = z.infer<typeof trashEntrySchema>;

export const trashQuerySchema = z.object({
  /** Answers entries deleted before this one (the last of the previous page). */
  after: z.uuid({ error: 'Not a valid id' }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export const trashPageSchema = z.object({
  entries: z.array(trashEntrySchema),
  /** The id to pass as `after` for the next page; null at the end. */
  next: z.uuid().nullable(),
  /** How many entries the Trash holds in all. */
  total: z.number(),
});
export type TrashPage = z.infer<typeof trashPageSchema>;
/** Restores them (with everything inside) where they were, or to the desk when that is gone. */
export const restoreSchema = z.strictObject({ ids });

/** What to do with an upload whose bytes the user already has. */
export const DUPLICATE_POLICIES = ['refuse', 'link'] as const;
export const uploadQuerySchema = z.object({
  parent_id: z.uuid().optional(),
  on_duplicate: z.enum(DUPLICATE_POLICIES).default('refuse'),
});
export const uploadResultSchema = z.object({
  /** The objects made: new files, or links to existing ones when `on_duplicate=link`. */
  items: z.array(deskObjectSchema),
  /** Uploads refused as duplicates (`on_duplicate=refuse`), each with the object that has the same bytes. */
  duplicates: z.array(z.object({ name: z.string(), existing: deskObjectSchema })),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** Keep a refused duplicate after all, as a link to the object that has its bytes. */
export const linkDuplicateSchema = z.strictObject({
  object_id: z.uuid(),
  parent_id: optionalParent,
  name: name.optional(),
});

/** Several objects as one ZIP: the answer is a short-lived address to navigate to. */
export const zipRequestSchema = z.strictObject({ ids });
export const zipTicketSchema = z.object({ url: z.string() });
