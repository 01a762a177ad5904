// Corpus `debian-descriptions` (short texts).
// Source: apt's lists, /var/lib/apt/lists/*_Packages (name, Section, Description-md5) joined with the
//   long descriptions in *_i18n_Translation-en on package name and Description-md5.
// Labelling: the package's Section (archive area stripped), for the sections in debian-sections.mjs;
//   drawers group related sections. One package per source package, so sibling binaries sharing a
//   description do not repeat; up to 300 packages per section, sections under 150 are left out.
// Shape: OUTDIR/debian-descriptions/<drawer>/<binder>/NNNN.txt, each "name: short description",
//   a blank line, then the long description.
import { SECTIONS } from './debian-sections.mjs';
import {
  aptLists,
  byKey,
  groupBy,
  hash32,
  parseStanzas,
  plainSection,
  prng,
  readAptList,
  sample,
} from './lib.mjs';

export const name = 'debian-descriptions';
const PER_SECTION = 300;
const MIN_SECTION = 150;

export function missing() {
  if (!aptLists('_Packages').length) return ['apt-get update'];
  if (!aptLists('_Translation-en').length) return ['apt-get update -o Acquire::Languages=en'];
  return [];
}

/** deb822 description text: the first line, then the long part with " ." lines as blank lines. */
function descriptionText(value) {
  const [short, ...rest] = value.split('\n');
  const long = rest.map((line) => (line.trim() === '.' ? '' : line.replace(/^ /, '')));
  return { short: short.trim(), long: long.join('\n').trim() };
}

export function build() {
  const long = new Map();
  for (const file of aptLists('_Translation-en')) {
    for (const s of parseStanzas(readAptList(file))) {
      if (s['Description-en']) long.set(`${s.Package} ${s['Description-md5']}`, s['Description-en']);
    }
  }
  const packages = new Map();
  for (const file of aptLists('_Packages')) {
    for (const s of parseStanzas(readAptList(file))) {
      const section = plainSection(s.Section);
      if (!SECTIONS[section] || packages.has(s.Package)) continue;
      const description = long.get(`${s.Package} ${s['Description-md5']}`) ?? s.Description ?? '';
      const { short, long: text } = descriptionText(description);
      if (!text) continue;
      const source = (s.Source ?? s.Package).split(' ')[0];
      packages.set(s.Package, { name: s.Package, source, section, short, text });
    }
  }
  const items = [];
  const bySection = groupBy([...packages.values()].sort(byKey((p) => p.name)), (p) => p.section);
  for (const section of Object.keys(SECTIONS).sort()) {
    // One package per source: the one named like the source, else the first by name.
    const bySource = groupBy(bySection.get(section) ?? [], (p) => p.source);
    const seen = new Set();
    const candidates = [];
    for (const [source, list] of bySource) {
      const p = list.find((q) => q.name === source) ?? list[0];
      if (seen.has(p.text)) continue;
      seen.add(p.text);
      candidates.push(p);
    }
    if (candidates.length < MIN_SECTION) {
      console.warn(`${name}: section ${section} has only ${candidates.length} packages; left out`);
      continue;
    }
    for (const p of sample(candidates, PER_SECTION, prng(hash32(`${name}/${section}`)))) {
      items.push({ ...SECTIONS[section], ext: 'txt', content: `${p.name}: ${p.short}\n\n${p.text}\n` });
    }
  }
  return items;
}
