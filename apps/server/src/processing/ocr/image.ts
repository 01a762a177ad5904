/** A file OCR cannot read and never will (too large, damaged): it fails at once, without retries. */
export class OcrRefusal extends Error {}

/** Pictures larger than this are refused: decoding one would take gigabytes. */
export const MAX_OCR_PIXELS = 100_000_000;
/** Pictures are read at most this long on their longest side (a phone photo is scaled down to it). */
export const OCR_LONG_SIDE = 3000;
/** Smaller pictures (screenshots, small scans) are enlarged twice: tesseract misses tiny letters. */
const ENLARGE_BELOW = 1200;

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A picture ready for tesseract: upright (EXIF), first frame, grayscale PNG at most `longSide`
 * long (small pictures are enlarged). Refuses, with a reason for the user, a picture over MAX_OCR_PIXELS or one that cannot be decoded.
 */
export async function prepareImage(
  bytes: Buffer,
  longSide = OCR_LONG_SIDE,
): Promise<{ image: Buffer; originalLongSide: number }> {
  const { default: sharp } = await import('sharp');
  let width: number;
  let height: number;
  try {
    // The header only: a picture too large to decode is measured, then refused in words.
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch (error) {
    throw new OcrRefusal(`The image could not be read: ${reasonOf(error)}`);
  }
  if (width * height > MAX_OCR_PIXELS) {
    throw new OcrRefusal(
      `The picture is too large to read (${width} × ${height} px; at most ${MAX_OCR_PIXELS / 1e6} megapixels)`,
    );
  }
  const long = Math.max(width, height);
  const target = long < ENLARGE_BELOW ? long * 2 : Math.min(long, longSide);
  try {
    const image = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_OCR_PIXELS })
      .rotate()
      .resize(target, target, { fit: 'inside' })
      .toColourspace('b-w')
      .png({ compressionLevel: 1 })
      .toBuffer();
    return { image, originalLongSide: long };
  } catch (error) {
    throw new OcrRefusal(`The image could not be read: ${reasonOf(error)}`);
  }
}
