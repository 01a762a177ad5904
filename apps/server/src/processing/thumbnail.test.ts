import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { samplePdf, samplePhoto } from '../test/sample-files.js';
import { makesThumbnail, makeThumbnail, THUMBNAIL_SIZE } from './thumbnail.js';

async function describeImage(image: Buffer | null) {
  if (!image) throw new Error('no thumbnail');
  const { format, width, height } = await sharp(image).metadata();
  return { format, width, height };
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2b6cb0' } });

describe('makeThumbnail', () => {
  it('turns a photo upright by its EXIF orientation and fits it in 480 px', async () => {
    // Stored 800×400 with orientation 6: shown 400×800.
    expect(await describeImage(await makeThumbnail(await samplePhoto(), 'image/jpeg'))).toEqual({
      format: 'webp',
      width: THUMBNAIL_SIZE / 2,
      height: THUMBNAIL_SIZE,
    });
  });

  it('reads PNG, WebP, GIF (first frame), TIFF and AVIF, and never enlarges', async () => {
    const samples: [string, Buffer][] = [
      ['image/png', await picture(1200, 300).png().toBuffer()],
      ['image/webp', await picture(1200, 300).webp().toBuffer()],
      ['image/gif', await picture(1200, 300).gif().toBuffer()],
      ['image/tiff', await picture(1200, 300).tiff().toBuffer()],
      ['image/avif', await picture(1200, 300).avif().toBuffer()],
    ];
    for (const [type, bytes] of samples) {
      expect(await describeImage(await makeThumbnail(bytes, type)), type).toEqual({
        format: 'webp',
        width: 480,
        height: 120,
      });
    }
    const small = await picture(100, 50).png().toBuffer();
    expect(await describeImage(await makeThumbnail(small, 'image/png'))).toMatchObject({
      width: 100,
      height: 50,
    });
  });

  it("draws a PDF's first page", async () => {
    const thumbnail = await makeThumbnail(samplePdf(['First page', 'Second page']), 'application/pdf');
    // US Letter, 612×792 pt.
    const { format, width, height } = await describeImage(thumbnail);
    expect({ format, height }).toEqual({ format: 'webp', height: 480 });
    expect(width).toBeCloseTo((612 / 792) * 480, -1);
    // Text was drawn: some pixels are dark, not only the white page.
    const { channels } = await sharp(thumbnail as Buffer).stats();
    expect(channels[0]?.min).toBeLessThan(100);
  });

  it('says what is wrong with a damaged image or PDF', async () => {
    await expect(makeThumbnail(Buffer.from('not a jpeg'), 'image/jpeg')).rejects.toThrow(
      /^The image could not be read: /,
    );
    await expect(makeThumbnail(Buffer.from('%PDF-1.4\nbroken'), 'application/pdf')).rejects.toThrow(
      /^The PDF could not be read: /,
    );
  });

  it('answers null for other types, and for HEIC sharp cannot decode', async () => {
    expect(await makeThumbnail(Buffer.from('hello'), 'text/plain')).toBeNull();
    expect(
      await makeThumbnail(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'),
    ).toBeNull();
    expect(await makeThumbnail(Buffer.from('not decodable'), 'image/heic')).toBeNull();
    expect(makesThumbnail('image/svg+xml')).toBe(false);
    expect(makesThumbnail('application/pdf')).toBe(true);
  });
});
