import { deflateSync } from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';

/** Pictures of text and image-only PDFs made on the spot, for the OCR tests and bench:ocr. */

export interface TextPictureOptions {
  width?: number;
  height?: number;
  /** Letter height in pixels: 42 px is 10 pt at 300 dpi. */
  fontPx?: number;
  margin?: number;
  background?: string;
}

/** A PNG of black lines of text on white (by default an A4 page at 300 dpi). */
export function textPicture(lines: string[], options: TextPictureOptions = {}): Buffer {
  const { width = 2480, height = 3508, fontPx = 42, margin = 200, background = '#ffffff' } = options;
  const canvas = createCanvas(width, height);
  const g = canvas.getContext('2d');
  g.fillStyle = background;
  g.fillRect(0, 0, width, height);
  g.fillStyle = '#111111';
  g.font = `${fontPx}px sans-serif`;
  lines.forEach((line, i) => {
    g.fillText(line, margin, margin + fontPx + i * fontPx * 1.8);
  });
  return canvas.toBuffer('image/png');
}

/** A tiny deterministic random source, so degraded pictures are the same every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * A picture as a poor scan makes it: speckle noise, a slight blur, turned `degrees`, saved as a
 * low-quality JPEG.
 */
export async function degraded(png: Buffer, { degrees = 3, noise = 40, seed = 1 } = {}): Promise<Buffer> {
  const { data, info } = await sharp(png).grayscale().raw().toBuffer({ resolveWithObject: true });
  const next = random(seed);
  for (let i = 0; i < data.length; i++) {
    const value = (data[i] ?? 0) + (next() + next() + next() - 1.5) * noise;
    data[i] = Math.max(0, Math.min(255, Math.round(value)));
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
    .blur(1.2)
    .rotate(degrees, { background: '#ffffff' })
    .jpeg({ quality: 55 })
    .toBuffer();
}

/** A landscape "photo" without text: sky, hills, a sun and grain. */
export async function landscapePhoto(width = 1600, height = 1200, seed = 7): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const g = canvas.getContext('2d');
  const sky = g.createLinearGradient(0, 0, 0, height);
  sky.addColorStop(0, '#4a7fc1');
  sky.addColorStop(1, '#cfe3f5');
  g.fillStyle = sky;
  g.fillRect(0, 0, width, height);
  g.fillStyle = '#f7d35c';
  g.beginPath();
  g.arc(width * 0.75, height * 0.2, height * 0.08, 0, Math.PI * 2);
  g.fill();
  const next = random(seed);
  for (let layer = 0; layer < 3; layer++) {
    g.fillStyle = ['#5d8a4a', '#3f6b35', '#2b4d25'][layer] ?? '#333';
    g.beginPath();
    g.moveTo(0, height);
    for (let x = 0; x <= width; x += width / 20) {
      g.lineTo(x, height * (0.55 + layer * 0.12) + Math.sin(x / 150 + layer) * 40 + next() * 30);
    }
    g.lineTo(width, height);
    g.fill();
  }
  for (let i = 0; i < 400; i++) {
    g.fillStyle = next() > 0.5 ? '#6f9a58' : '#284620';
    g.fillRect(next() * width, height * 0.6 + next() * height * 0.4, 3 + next() * 6, 8 + next() * 14);
  }
  return sharp(canvas.toBuffer('image/png')).jpeg({ quality: 85 }).toBuffer();
}

/** A page of an image-only PDF: a JPEG drawn over the whole page; or a page with its own text layer. */
export type PdfPage = { jpeg: Buffer } | { text: string };

/**
 * A PDF whose pages are JPEG pictures (DCTDecode, as a scanner writes them), A4-sized, and maybe
 * some pages with a real text layer (for merging).
 */
export async function scannedPdf(pages: PdfPage[]): Promise<Buffer> {
  const parts: (string | Buffer)[][] = [];
  const kids: number[] = [];
  // Objects: 1 catalog, 2 pages, 3 font; then per page: page, contents, and its image if any.
  let next = 4;
  for (const page of pages) {
    const pageId = next++;
    const contentsId = next++;
    kids.push(pageId);
    if ('text' in page) {
      const stream = `BT /F1 24 Tf 72 720 Td (${page.text}) Tj ET`;
      parts.push(
        [
          `${pageId} 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentsId} 0 R >>\nendobj\n`,
        ],
        [`${contentsId} 0 obj\n<< /Length ${stream.length} >>\nstream\n${stream}\nendstream\nendobj\n`],
      );
      continue;
    }
    const imageId = next++;
    const { width, height } = await sharp(page.jpeg).metadata();
    const stream = 'q 595 0 0 842 0 0 cm /Im0 Do Q';
    parts.push(
      [
        `${pageId} 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im0 ${imageId} 0 R >> >> /Contents ${contentsId} 0 R >>\nendobj\n`,
      ],
      [`${contentsId} 0 obj\n<< /Length ${stream.length} >>\nstream\n${stream}\nendstream\nendobj\n`],
      [
        `${imageId} 0 obj\n<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode /Length ${page.jpeg.length} >>\nstream\n`,
        page.jpeg,
        '\nendstream\nendobj\n',
      ],
    );
  }
  const objects: (string | Buffer)[][] = [
    ['1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n'],
    [
      `2 0 obj\n<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>\nendobj\n`,
    ],
    ['3 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>\nendobj\n'],
    ...parts,
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = chunks[0]?.length ?? 0;
  const offsets: number[] = [];
  for (const object of objects) {
    offsets.push(length);
    for (const part of object) {
      const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
      chunks.push(bytes);
      length += bytes.length;
    }
  }
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  tail += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  chunks.push(Buffer.from(tail, 'latin1'));
  return Buffer.concat(chunks);
}

/** A grayscale JPEG of a picture (what scannedPdf embeds). */
export const grayJpeg = (picture: Buffer, quality = 80) =>
  sharp(picture).grayscale().jpeg({ quality }).toBuffer();

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG that says it is `width` × `height` (grayscale) but holds only a few rows: decoding it would
 * take width × height bytes, the way a decompression bomb does. Small on disk.
 */
export function hugePng(width = 20_000, height = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit grayscale, no interlace
  const rows = Buffer.alloc((width + 1) * 4, 0xff);
  for (let r = 0; r < 4; r++) rows[r * (width + 1)] = 0; // filter byte
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Levenshtein distance over characters / the reference's length: the character error rate. */
export function characterErrorRate(reference: string, read: string): number {
  const a = [...reference.replace(/\s+/g, ' ').trim()];
  const b = [...read.replace(/\s+/g, ' ').trim()];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return (previous[b.length] ?? 0) / Math.max(a.length, 1);
}
