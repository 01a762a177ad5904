import {
  type DataType,
  type DeskObject,
  type FileKind,
  fileKindOf,
  isFolderType,
  type PreviewFormat,
  previewFormatOf,
  type Source,
} from '@easio/shared';

export const KIND_LABEL: Record<DataType, string> = {
  root_object: 'My Desk',
  drawer_object: 'Drawer',
  binder_object: 'Binder',
  file_object: 'File',
  note_object: 'Note',
  url_object: 'Link',
  url_note_object: 'URL note',
  location_object: 'Location',
  email_object: 'E-mail',
  event_object: 'Event',
};

/** What a file is called on screen, by what it holds (see `fileKindOf` in packages/shared). */
export const FILE_KIND_LABEL: Record<FileKind, string> = {
  pdf: 'PDF',
  photo: 'Photo',
  image: 'Image',
  spreadsheet: 'Spreadsheet',
  document: 'Document',
  presentation: 'Presentation',
  audio: 'Audio',
  video: 'Video',
  archive: 'Archive',
  text: 'Text',
  code: 'Code',
  email: 'E-mail',
  calendar: 'Calendar',
  web_page: 'Web page',
  file: 'File',
};

/**
 * The kind the Kind column and cards name: a file by what it holds (PDF, Photo, Spreadsheet…, from its
 * type and name), anything else by its item kind (Note, Link, E-mail, Event, Drawer…).
 */
export function kindLabel(object: Pick<DeskObject, 'data_type' | 'mime_type' | 'name'>): string {
  if (object.data_type !== 'file_object') return KIND_LABEL[object.data_type];
  return FILE_KIND_LABEL[fileKindOf(object)];
}

export const SOURCE_LABEL: Record<Source, string> = {
  easio: 'Easio',
  gdrive: 'Google Drive',
  dropbox: 'Dropbox',
  whatsapp: 'WhatsApp',
  mail: 'Mail',
  calendar: 'Calendar',
  gallery: 'Gallery',
};

export function isFolder(object: Pick<DeskObject, 'data_type'>): boolean {
  return isFolderType(object.data_type);
}

/** The crumb and title name of a folder: the root is "My Desk" whatever it is called inside. */
export function folderName(folder: Pick<DeskObject, 'data_type' | 'name'>): string {
  return folder.data_type === 'root_object' ? 'My Desk' : folder.name;
}

/** What to call an object on screen: its name, else its address, else its kind. */
export function displayName(object: Pick<DeskObject, 'name' | 'url' | 'data_type'>): string {
  const name = object.name.trim();
  if (name) return name;
  if (object.url) return object.url;
  return KIND_LABEL[object.data_type];
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

export function formatSize(bytes: number | null): string {
  if (bytes === null) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDate(iso: string, withTime = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (withTime ? dateTimeFormat : dateFormat).format(date);
}

const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date as an e-mail or event carries it (ISO, a day alone, or a mail header's own form) in the
 * user's locale; a day alone is that day wherever the user is. Anything unreadable is shown as written.
 */
export function formatWhen(value: string): string {
  const day = DAY_ONLY.exec(value.trim());
  if (day) return dateFormat.format(new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
  return formatDate(value, true) || value;
}

export interface Place {
  latitude: number;
  longitude: number;
  label: string | null;
  address: string | null;
}

const num = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/**
 * The place in an object's metadata: `latitude`/`longitude` (locations, photo EXIF), also read as
 * `lat`/`lon`/`lng` or under `gps`. Null when there is none or it is out of range.
 */
export function placeOf(metadata: Record<string, unknown>): Place | null {
  const nested = metadata.gps;
  const sources = [
    metadata,
    typeof nested === 'object' && nested !== null ? (nested as Record<string, unknown>) : {},
  ];
  for (const m of sources) {
    const latitude = num(m.latitude ?? m.lat);
    const longitude = num(m.longitude ?? m.lon ?? m.lng);
    if (latitude === null || longitude === null) continue;
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) continue;
    return { latitude, longitude, label: text(metadata.label), address: text(metadata.address) };
  }
  return null;
}

export function formatCoordinates({ latitude, longitude }: Pick<Place, 'latitude' | 'longitude'>): string {
  const ns = latitude >= 0 ? 'N' : 'S';
  const ew = longitude >= 0 ? 'E' : 'W';
  return `${Math.abs(latitude).toFixed(5)}° ${ns}, ${Math.abs(longitude).toFixed(5)}° ${ew}`;
}

export function mapLink({ latitude, longitude }: Pick<Place, 'latitude' | 'longitude'>): string {
  const params = new URLSearchParams({ mlat: String(latitude), mlon: String(longitude) });
  return `https://www.openstreetmap.org/?${params}#map=16/${latitude}/${longitude}`;
}

/** When a photo was taken: EXIF's `taken_at` when present, else the item's date. */
export function takenAt(object: Pick<DeskObject, 'metadata' | 'item_date'>): string {
  const taken = text(object.metadata.taken_at);
  return taken && !Number.isNaN(new Date(taken).getTime()) ? taken : object.item_date;
}

/** How the viewer shows an item's file (none for items that are not files). */
export function previewKind(object: Pick<DeskObject, 'data_type' | 'mime_type' | 'name'>): PreviewFormat {
  if (object.data_type !== 'file_object') return 'none';
  return previewFormatOf(object);
}

/** An address safe to put in a link: http(s) only, never `javascript:` or `data:`. */
export function safeHref(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** What a link preview (or the browser extension) learnt of the page behind a link. */
export interface PageFacts {
  siteName: string | null;
  description: string | null;
  /** The site's icon, only ever a picture carried in the item itself (never fetched from the site). */
  icon: string | null;
}

export function pageFactsOf(metadata: Record<string, unknown>): PageFacts {
  const icon = text(metadata.favicon);
  return {
    siteName: text(metadata.site_name),
    description: text(metadata.description),
    icon: icon && /^data:image\/(webp|png);base64,/.test(icon) ? icon : null,
  };
}

/** Whether an object is a web address (a link or a url note). */
export const isLink = (object: Pick<DeskObject, 'data_type'>) =>
  object.data_type === 'url_object' || object.data_type === 'url_note_object';
