import { existsSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkOcrLanguages, languageDataFile, linkLanguageData } from './languages.js';

describe('OCR language data', () => {
  it('finds the installed English data in its npm package (nothing to download)', () => {
    expect(languageDataFile('eng')).toMatch(/@tesseract\.js-data\/eng\/.+\/eng\.traineddata\.gz$/);
    expect(() => checkOcrLanguages(['eng'])).not.toThrow();
  });

  it('names the package to install for a language whose data is missing', () => {
    expect(() => checkOcrLanguages(['eng', 'xqz'])).toThrow(
      'OCR_LANGUAGES names xqz, whose data is not installed: run npm install @tesseract.js-data/xqz',
    );
  });

  it('links every language into one folder for tesseract, and removes it', async () => {
    const linked = await linkLanguageData(['eng']);
    const file = path.join(linked.dir, 'eng.traineddata.gz');
    expect(readlinkSync(file)).toBe(languageDataFile('eng'));
    await linked.remove();
    expect(existsSync(linked.dir)).toBe(false);
  });
});
