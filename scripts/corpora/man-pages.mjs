// Corpus `man-pages` (documents).
// Source: the English manual pages (usr/share/man/man[1-8]/*) inside .deb files fetched with
//   `apt-get download` into a cache folder (see debs.mjs; the same seeded choice of source packages
//   as debian-changes, 120 per section), rendered to plain text by man-db (`man -l`, 80 columns).
// Labelling: the Section of the package shipping the page (debian-sections.mjs), for the sections
//   whose packages carry manuals; at most 5 pages per package (so no binder is one package's
//   manual), `.so` redirects, links and duplicate texts left out; up to 150 pages per section.
// Shape: OUTDIR/man-pages/<drawer>/<binder>/NNNN.txt.
import { execFileSync } from 'node:child_process';
import { gunzipSync } from 'node:zlib';
import { SECTIONS } from './debian-sections.mjs';
import { chooseSources, download, listDeb, readFromDeb } from './debs.mjs';
import { aptLists, hash32, installLine, missingCommands, prng, sample, shuffle } from './lib.mjs';

export const name = 'man-pages';
const MAN_SECTIONS = [
  'admin',
  'devel',
  'games',
  'graphics',
  'math',
  'net',
  'perl',
  'science',
  'sound',
  'text',
  'utils',
];
const SOURCES_PER_SECTION = 120;
const PER_PACKAGE = 5;
const PER_SECTION = 150;
const MIN_SECTION = 60;

export function missing() {
  if (!aptLists('_Packages').length) return ['apt-get update'];
  const absent = missingCommands(['man', 'groff', 'dpkg-deb', 'tar']);
  return absent.length ? [installLine(['man-db', 'groff-base'])] : [];
}

/** A manual page's source, rendered as plain UTF-8 text 80 columns wide, or null. */
function render(source) {
  if (source.length < 300 && /^\.so\s/m.test(source.toString())) return null;
  try {
    const text = execFileSync('man', ['-l', '-'], {
      input: source,
      encoding: 'utf8',
      env: { ...process.env, MANWIDTH: '80', LC_ALL: 'C.UTF-8', MAN_KEEP_FORMATTING: '' },
      stdio: ['pipe', 'pipe', 'ignore'],
      maxBuffer: 2 ** 26,
    });
    return text.trim().length >= 200 ? text : null;
  } catch {
    return null;
  }
}

const isManPage = (member) => /^\.\/usr\/share\/man\/man[1-8]\/[^/]+$/.test(member);

export function build() {
  const chosen = chooseSources(Object.keys(SECTIONS).sort(), SOURCES_PER_SECTION, 'debs');
  const items = [];
  for (const section of MAN_SECTIONS) {
    const random = prng(hash32(`${name}/${section}`));
    const pages = [];
    for (const b of download(chosen.get(section))) {
      for (const member of sample(listDeb(b).filter(isManPage).sort(), PER_PACKAGE, random)) {
        pages.push({ b, member });
      }
    }
    const seen = new Set();
    const texts = [];
    for (const { b, member } of shuffle(pages, random)) {
      if (texts.length === PER_SECTION) break;
      const bytes = readFromDeb(b, member);
      const text = bytes && render(member.endsWith('.gz') ? gunzipSync(bytes) : bytes);
      if (!text || seen.has(text)) continue;
      seen.add(text);
      texts.push(text);
    }
    if (texts.length < MIN_SECTION) {
      console.warn(`${name}: section ${section} has only ${texts.length} pages; left out`);
      continue;
    }
    for (const text of texts) items.push({ ...SECTIONS[section], ext: 'txt', content: text });
  }
  return items;
}
