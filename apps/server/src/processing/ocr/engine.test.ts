import { afterAll, describe, expect, it } from 'vitest';
import { textPicture } from '../../test/scanned-files.js';
import { createOcrEngine, OcrTimeoutError } from './engine.js';

const picture = textPicture(['Harbour office opening hours'], {
  width: 900,
  height: 160,
  fontPx: 40,
  margin: 40,
});

describe('the OCR engine', () => {
  const engine = createOcrEngine({ languages: ['eng'], workers: 1, pageTimeoutMs: 20_000, idleMs: 300 });
  afterAll(() => engine.close());

  it('starts its reader on first use and stops it once idle', async () => {
    expect(engine.alive).toBe(0);
    const paragraphs = await engine.read(picture);
    expect(paragraphs.flat(2).map((w) => w.text)).toEqual(['Harbour', 'office', 'opening', 'hours']);
    expect(engine.alive).toBe(1);
    await expect.poll(() => engine.alive, { timeout: 3000, interval: 50 }).toBe(0);
  }, 20_000);

  it('gives up a picture over the time cap and stops its reader (tesseract cannot be interrupted)', async () => {
    const hasty = createOcrEngine({ languages: ['eng'], workers: 1, pageTimeoutMs: 5, idleMs: 60_000 });
    try {
      await expect(hasty.read(picture)).rejects.toBeInstanceOf(OcrTimeoutError);
      expect(hasty.alive).toBe(0);
    } finally {
      await hasty.close();
    }
  }, 20_000);
});
