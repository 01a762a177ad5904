/** What a photo says about itself; the keys are those kept in an object's `metadata`. */
export interface PhotoFacts {
  /** ISO 8601, with the camera's UTC offset when it recorded one. */
  taken_at?: string;
  latitude?: number;
  longitude?: number;
  camera?: string;
  /** The photo's own description (EXIF ImageDescription), kept as its text so it is found and filed. */
  caption?: string;
}

const TAGS = [
  'DateTimeOriginal',
  'CreateDate',
  'OffsetTimeOriginal',
  'OffsetTime',
  'Make',
  'Model',
  'GPSLatitude',
  'GPSLatitudeRef',
  'GPSLongitude',
  'GPSLongitudeRef',
  'ImageDescription',
];

const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
const UTC_OFFSET = /^[+-]\d{2}:\d{2}$/;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/**
 * EXIF keeps the camera's wall-clock time, `2023:07:14 09:30:05`, and (since EXIF 2.31) its offset
 * apart. Without an offset the time is taken as UTC, so a photo is dated the day its camera showed.
 */
function takenAt(tags: Record<string, unknown>): string | undefined {
  const match = EXIF_DATE.exec(text(tags.DateTimeOriginal) ?? text(tags.CreateDate) ?? '');
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match;
  const offset = [text(tags.OffsetTimeOriginal), text(tags.OffsetTime)].find((o) => o && UTC_OFFSET.test(o));
  const iso = `${year}-${month}-${day}T${hour}:${minute}:${second}${offset ?? 'Z'}`;
  // Cameras with an unset clock write 0000:00:00 00:00:00.
  return Number.isNaN(Date.parse(iso)) || year === '0000' ? undefined : iso;
}

/** Make and model, without the make twice ("Canon" + "Canon EOS R6"). */
function camera(tags: Record<string, unknown>): string | undefined {
  const make = text(tags.Make);
  const model = text(tags.Model);
  if (make && model) return model.toLowerCase().startsWith(make.toLowerCase()) ? model : `${make} ${model}`;
  return model ?? make;
}

function coordinate(value: unknown, limit: number): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit ? value : undefined;
}

/** When and where a photo was taken, and with which camera, from its EXIF; null when it has none. */
export async function readPhotoFacts(bytes: Buffer): Promise<PhotoFacts | null> {
  let parsed: unknown;
  try {
    // exifr answers latitude/longitude in decimal degrees, signed by their N/S and E/W refs.
    const { default: exifr } = await import('exifr');
    parsed = await exifr.parse(bytes, { pick: TAGS, gps: true, reviveValues: false });
  } catch {
    return null; // not a format exifr knows, or no readable EXIF in it
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const tags = parsed as Record<string, unknown>;
  const latitude = coordinate(tags.latitude, 90);
  const longitude = coordinate(tags.longitude, 180);
  const facts: PhotoFacts = {
    taken_at: takenAt(tags),
    ...(latitude !== undefined && longitude !== undefined ? { latitude, longitude } : {}),
    camera: camera(tags),
    caption: text(tags.ImageDescription)?.slice(0, 2000),
  };
  const known = Object.fromEntries(Object.entries(facts).filter(([, value]) => value !== undefined));
  return Object.keys(known).length > 0 ? (known as PhotoFacts) : null;
}
