import decodeIco from 'decode-ico';
import sharp, { type Sharp } from 'sharp';

/** Pixels a side: sharp at 16 px on a double-density screen, and small enough to travel with listings. */
export const ICON_SIZE = 32;

const isIco = (bytes: Buffer) => bytes.length > 6 && bytes.readUInt32BE(0) === 0x00000100;

/** The entry of an .ico closest above ICON_SIZE (else the largest), as an image sharp reads. */
function fromIco(bytes: Buffer): Sharp | null {
  const entries = decodeIco(bytes);
  const fitting = entries.filter((e) => e.width >= ICON_SIZE).sort((a, b) => a.width - b.width);
  const entry = fitting[0] ?? entries.sort((a, b) => b.width - a.width)[0];
  if (!entry) return null;
  if (entry.type === 'png') return sharp(Buffer.from(entry.data));
  return sharp(Buffer.from(entry.data.buffer, entry.data.byteOffset, entry.data.byteLength), {
    raw: { width: entry.width, height: entry.height, channels: 4 },
  });
}

/**
 * A site's icon as a small WebP `data:` address, so the browser shows it without asking the site (and
 * telling it who looks). Icons come as .ico (PNG or bitmap entries), PNG, SVG, GIF, JPEG or WebP;
 * null when the bytes are none of these.
 */
export async function iconDataUrl(bytes: Buffer): Promise<string | null> {
  try {
    const image = isIco(bytes) ? fromIco(bytes) : sharp(bytes, { failOn: 'error', density: 144 });
    if (!image) return null;
    const webp = await image
      .resize(ICON_SIZE, ICON_SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .webp({ quality: 90 })
      .toBuffer();
    return `data:image/webp;base64,${webp.toString('base64')}`;
  } catch {
    return null;
  }
}
