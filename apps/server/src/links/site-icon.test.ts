import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ICON_SIZE, iconDataUrl } from './site-icon.js';

const square = (size: number, colour: string) =>
  sharp({ create: { width: size, height: size, channels: 4, background: colour } })
    .png()
    .toBuffer();

/** An .ico file holding these images, each a PNG entry or a 32-bit bitmap entry (as old favicons are). */
function ico(entries: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(entries.length, 4);
  let offset = 6 + 16 * entries.length;
  const directory = entries.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size % 256, 0);
    entry.writeUInt8(size % 256, 1);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...directory, ...entries.map((e) => e.data)]);
}

/** A 32-bit bottom-up bitmap of one colour (BGRA), with its AND mask, as .ico entries hold them. */
function bitmap(size: number, [r, g, b]: [number, number, number]): Buffer {
  const info = Buffer.alloc(40);
  info.writeUInt32LE(40, 0);
  info.writeInt32LE(size, 4);
  info.writeInt32LE(size * 2, 8); // the colour rows and the mask's
  info.writeUInt16LE(1, 12);
  info.writeUInt16LE(32, 14);
  const pixels = Buffer.alloc(size * size * 4);
  for (let i = 0; i < size * size; i++) pixels.set([b, g, r, 255], i * 4);
  const maskRow = Math.ceil(size / 32) * 4;
  return Buffer.concat([info, pixels, Buffer.alloc(maskRow * size)]);
}

async function decoded(dataUrl: string | null) {
  expect(dataUrl).toMatch(/^data:image\/webp;base64,/);
  const bytes = Buffer.from((dataUrl ?? '').split(',')[1] ?? '', 'base64');
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, rgb: [data[0], data[1], data[2]] };
}

describe('iconDataUrl', () => {
  it('shrinks a PNG or an SVG icon to a small WebP picture', async () => {
    const png = await decoded(await iconDataUrl(await square(180, '#ff0000')));
    expect(png).toMatchObject({ width: ICON_SIZE, height: ICON_SIZE });
    expect(png.rgb[0]).toBeGreaterThan(240);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><rect width="24" height="24" fill="#00f"/></svg>',
    );
    const fromSvg = await decoded(await iconDataUrl(svg));
    expect(fromSvg.width).toBe(ICON_SIZE);
    expect(fromSvg.rgb[2]).toBeGreaterThan(240);
  });

  it('reads .ico files, taking the entry that fits best, PNG or bitmap', async () => {
    const pngInside = ico([
      { size: 16, data: await square(16, '#ff0000') },
      { size: 48, data: await square(48, '#00ff00') },
    ]);
    expect((await decoded(await iconDataUrl(pngInside))).rgb[1]).toBeGreaterThan(240);
    const bitmaps = ico([
      { size: 16, data: bitmap(16, [255, 0, 0]) },
      { size: 32, data: bitmap(32, [0, 0, 255]) },
    ]);
    const fromBitmap = await decoded(await iconDataUrl(bitmaps));
    expect(fromBitmap.width).toBe(ICON_SIZE);
    expect(fromBitmap.rgb[2]).toBeGreaterThan(240);
  });

  it('answers null for what is not a picture', async () => {
    expect(await iconDataUrl(Buffer.from('<html>Not found</html>'))).toBeNull();
    expect(await iconDataUrl(Buffer.alloc(0))).toBeNull();
    expect(await iconDataUrl(ico([{ size: 16, data: Buffer.from('broken') }]))).toBeNull();
  });
});
