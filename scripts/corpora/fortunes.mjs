// Corpus `fortunes` (short literary texts in genres).
// Source: the `fortunes` and `fortunes-min` packages' category files in /usr/share/games/fortunes/
//   (entries separated by lines holding only `%`); the offensive `off/` files are never read.
// Labelling: the category file, for 15 topical categories with at least 100 entries (catch-alls such
//   as `fortunes`, `miscellaneous`, `cookie` and one-author files such as `zippy` are left out);
//   up to 300 entries per category, entries under 40 characters dropped, duplicates dropped.
// Shape: OUTDIR/fortunes/<drawer>/<binder>/NNNN.txt, one entry per file.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { hash32, installLine, prng, sample } from './lib.mjs';

export const name = 'fortunes';
const DIR = '/usr/share/games/fortunes';
const PER_CATEGORY = 300;
const MIN_CATEGORY = 100;

const CATEGORIES = {
  art: { drawer: 'Arts and Letters', binder: 'Art' },
  literature: { drawer: 'Arts and Letters', binder: 'Literature' },
  'songs-poems': { drawer: 'Arts and Letters', binder: 'Songs and Poems' },
  humorists: { drawer: 'Arts and Letters', binder: 'Humorists' },
  law: { drawer: 'Society', binder: 'Law' },
  politics: { drawer: 'Society', binder: 'Politics' },
  education: { drawer: 'Society', binder: 'Education' },
  work: { drawer: 'Society', binder: 'Work' },
  food: { drawer: 'Everyday Life', binder: 'Food' },
  love: { drawer: 'Everyday Life', binder: 'Love' },
  'men-women': { drawer: 'Everyday Life', binder: 'Men and Women' },
  kids: { drawer: 'Everyday Life', binder: 'Kids' },
  sports: { drawer: 'Everyday Life', binder: 'Sports' },
  computers: { drawer: 'Science and Technology', binder: 'Computers' },
  science: { drawer: 'Science and Technology', binder: 'Science' },
};

export function missing() {
  const absent = Object.keys(CATEGORIES).filter((c) => !existsSync(path.join(DIR, c)));
  return absent.length ? [installLine(['fortunes', 'fortunes-min'])] : [];
}

/** Text with its overstrikes (`x\bx`, `_\bx`, `___\b\b\bword`) resolved: a backspace takes back a character. */
function unstrike(text) {
  const out = [];
  for (const ch of text) {
    if (ch !== '\b') out.push(ch);
    else if (out.length && out.at(-1) !== '\n') out.pop();
  }
  return out.join('');
}

/** The entries of a fortune file, overstrikes resolved to the plain letters. */
function entries(file) {
  return unstrike(readFileSync(file, 'utf8'))
    .split(/^%$/m)
    .map((e) => e.replace(/^\n+|\s+$/g, ''))
    .filter((e) => e.trim().length >= 40);
}

export function build() {
  const items = [];
  for (const category of Object.keys(CATEGORIES).sort()) {
    const all = [...new Set(entries(path.join(DIR, category)))];
    if (all.length < MIN_CATEGORY) {
      console.warn(`${name}: category ${category} has only ${all.length} entries; left out`);
      continue;
    }
    for (const entry of sample(all, PER_CATEGORY, prng(hash32(`${name}/${category}`)))) {
      items.push({ ...CATEGORIES[category], ext: 'txt', content: `${entry}\n` });
    }
  }
  return items;
}
