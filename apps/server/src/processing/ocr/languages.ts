import { existsSync } from 'node:fs';
import { rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { makeTempFolder } from '../../storage/temp-files.js';

const require = createRequire(import.meta.url);

/** The npm package that holds a language's data for tesseract.js. */
export const languagePackage = (code: string) => `@tesseract.js-data/${code}`;

/**
 * Where the language's gzipped data is on disk: the package's "best_int" data (LSTM only, the
 * smallest and fastest) when it has it. Throws, naming the package to install, when it is missing.
 */
export function languageDataFile(code: string): string {
  const name = languagePackage(code);
  let root: string;
  try {
    root = path.dirname(require.resolve(`${name}/package.json`));
  } catch {
    throw new Error(`OCR_LANGUAGES names ${code}, whose data is not installed: run npm install ${name}`);
  }
  for (const folder of ['4.0.0_best_int', '4.0.0']) {
    const file = path.join(root, folder, `${code}.traineddata.gz`);
    if (existsSync(file)) return file;
  }
  throw new Error(`${name} holds no ${code}.traineddata.gz: reinstall it`);
}

/** Checks at start that every language's data is installed (throws the first missing one's package). */
export function checkOcrLanguages(codes: readonly string[]): void {
  for (const code of codes) languageDataFile(code);
}

/**
 * tesseract.js reads every language from one folder (`langPath`), and each package is its own
 * folder: a temporary folder links them together. Nothing is ever downloaded.
 */
export async function linkLanguageData(
  codes: readonly string[],
): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await makeTempFolder('ocr-languages');
  for (const code of codes) await symlink(languageDataFile(code), path.join(dir, `${code}.traineddata.gz`));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
