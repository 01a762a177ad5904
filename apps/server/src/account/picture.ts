import { HttpError } from '../http/http-error.js';

/** The largest picture file taken, before it is made small. */
export const PICTURE_MAX_BYTES = 8 * 1024 * 1024;
/** Pictures are kept this many pixels square: enough for the largest avatar shown, twice over. */
const SIDE = 192;

export const NOT_A_PICTURE =
  'That file is not a picture Easio can read: choose a JPEG, PNG, WebP, GIF or HEIC image';

/**
 * A profile picture as it is kept: cropped square, turned upright (EXIF), made 192 px WebP and
 * written as a `data:` address (a few kilobytes), so it lives in the account row, goes with an
 * export and with a deletion, and shows without any other request.
 */
export async function pictureDataUrl(bytes: Buffer): Promise<string> {
  // Loaded when a picture comes (libvips is ~30 MB of memory), not with the server.
  const { default: sharp } = await import('sharp');
  let webp: Buffer;
  try {
    webp = await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(SIDE, SIDE, { fit: 'cover' })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new HttpError(422, NOT_A_PICTURE);
  }
  return `data:image/webp;base64,${webp.toString('base64')}`;
}
