import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hugePng } from '../../test/scanned-files.js';
import { OCR_LONG_SIDE, OcrRefusal, prepareImage } from './image.js';

describe('prepareImage', () => {
  it('refuses a picture too large to decode, with its size, before decoding it', async () => {
    const refusal = prepareImage(hugePng(20_000, 20_000));
    await expect(refusal).rejects.toBeInstanceOf(OcrRefusal);
    await expect(refusal).rejects.toThrow(
      'The picture is too large to read (20000 × 20000 px; at most 100 megapixels)',
    );
  });

  it('refuses bytes that are no picture, saying so', async () => {
    await expect(prepareImage(Buffer.from('not a picture at all'))).rejects.toThrow(
      /^The image could not be read/,
    );
  });

  it('scales a phone photo down to the long side, grayscale, and enlarges a small screenshot', async () => {
    const photo = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#a53' } })
      .jpeg()
      .toBuffer();
    const { image, originalLongSide } = await prepareImage(photo);
    expect(originalLongSide).toBe(4032);
    expect(await sharp(image).metadata()).toMatchObject({ width: OCR_LONG_SIDE, height: 2250, channels: 1 });

    const shot = await sharp({ create: { width: 600, height: 300, channels: 4, background: '#fff' } })
      .png()
      .toBuffer();
    expect(await sharp((await prepareImage(shot)).image).metadata()).toMatchObject({
      width: 1200,
      height: 600,
    });
  });
});
