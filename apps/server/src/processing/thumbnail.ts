// sharp and pdf.js load on first use: a server that never makes a thumbnail never pays their memory.
import { baseMimeType, PDF, PHOTO_TYPES } from './mime.js';
import { importCanvas, withPdf } from './pdf.js';
import * as sandboxed from './sandboxed.js';

/** Longest side of a thumbnail, in pixels. */
export const THUMBNAIL_SIZE = 480;

/** HEIF holding HEVC (most phones' HEIC): the libvips inside sharp decodes only its AV1 kind. */
const HEIF_TYPES = new Set(['image/heic', 'image/heif']);

async function toWebp(image: Buffer): Promise<Buffer> {
  // sharp reads the first frame of a GIF and the first page of a TIFF unless told otherwise.
  const { default: sharp } = await import('sharp');
  return sharp(image, { failOn: 'error' })
    .rotate() // upright, as the EXIF orientation says
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

async function fromImage(bytes: Buffer): Promise<Buffer> {
  try {
    return await toWebp(bytes);
  } catch (error) {
    throw new Error(`The image could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A PDF's first page as a PNG at the thumbnail's size (run in the sandbox: pdf.js parses the file). */
export async function drawPdfFirstPage(bytes: Buffer): Promise<Uint8Array> {
  const png = await withPdf(
    bytes,
    async (pdf) => {
      const { width, height } = (await pdf.getPage(1)).getViewport({ scale: 1 });
      // Drawn at the thumbnail's size, so a huge page never makes a huge canvas.
      const scale = THUMBNAIL_SIZE / Math.max(width, height, 1);
      const { renderPageAsImage } = await import('unpdf');
      return renderPageAsImage(pdf, 1, { canvasImport: importCanvas, scale });
    },
    { forDrawing: true },
  );
  return new Uint8Array(png);
}

async function fromPdf(bytes: Buffer): Promise<Buffer> {
  const png = await sandboxed.drawPdfFirstPage(bytes);
  return toWebp(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
}

/** Whether makeThumbnail draws files of this type. */
export function makesThumbnail(mimeType: string): boolean {
  const type = baseMimeType(mimeType);
  return type === PDF || PHOTO_TYPES.has(type);
}

/**
 * A WebP thumbnail, at most THUMBNAIL_SIZE px on its longest side: of a photo or other image, or of
 * a PDF's first page. Null for other types, and for HEIC that sharp cannot decode. Throws when the
 * file is damaged.
 */
export async function makeThumbnail(bytes: Buffer, mimeType: string): Promise<Buffer | null> {
  const type = baseMimeType(mimeType);
  if (type === PDF) return fromPdf(bytes);
  if (HEIF_TYPES.has(type)) return toWebp(bytes).catch(() => null);
  if (PHOTO_TYPES.has(type)) return fromImage(bytes);
  return null;
}
