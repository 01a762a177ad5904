// Helpers shared by the corpus modules: a seeded PRNG and sampling, reading apt's index files,
// checking that input packages are present, and writing a corpus as OUTDIR/<corpus>/<drawer>/<binder>/.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** mulberry32: a small seeded PRNG answering floats in [0, 1). */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit FNV-1a hash of a string, to seed the PRNG from a corpus name. */
export function hash32(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** A Fisher–Yates shuffle of a copy of `list`, driven by `random`. */
export function shuffle(list, random) {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Up to `n` items of `list` (which the caller has sorted), chosen by `random`. */
export const sample = (list, n, random) => shuffle(list, random).slice(0, n);

export const byKey = (key) => (a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

/** Groups `list` into a Map by `key`, keeping the order of `list` inside each group. */
export function groupBy(list, key) {
  const groups = new Map();
  for (const item of list) {
    const k = key(item);
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(item);
  }
  return groups;
}

export const APT_LISTS = '/var/lib/apt/lists';

/** apt's index files whose names end with `suffix` (before any compression extension), sorted. */
export function aptLists(suffix) {
  if (!existsSync(APT_LISTS)) return [];
  return readdirSync(APT_LISTS)
    .filter((f) => f.replace(/\.(lz4|gz|xz|bz2|zst)$/, '').endsWith(suffix))
    .sort()
    .map((f) => path.join(APT_LISTS, f));
}

/** The text of an apt index file, however apt keeps it compressed (apt-helper reads them all). */
export function readAptList(file) {
  return execFileSync('/usr/lib/apt/apt-helper', ['cat-file', file], {
    encoding: 'utf8',
    maxBuffer: 2 ** 30,
  });
}

/** Parses deb822 stanzas (Packages, Translation files) into objects; continuation lines are kept. */
export function parseStanzas(text) {
  const stanzas = [];
  for (const block of text.split(/\n\s*\n/)) {
    const stanza = {};
    let field = null;
    for (const line of block.split('\n')) {
      if (/^[ \t]/.test(line) && field) stanza[field] += `\n${line}`;
      else {
        const colon = line.indexOf(':');
        if (colon <= 0) continue;
        field = line.slice(0, colon);
        stanza[field] = line.slice(colon + 1).trim();
      }
    }
    if (Object.keys(stanza).length) stanzas.push(stanza);
  }
  return stanzas;
}

/** A Debian Section without its archive area (`contrib/`, `non-free/`, `non-free-firmware/`). */
export const plainSection = (section) => (section ?? '').replace(/^[a-z-]+\//, '');

/** The commands that are missing from PATH, among `commands`. */
export function missingCommands(commands) {
  return commands.filter((c) => {
    try {
      execFileSync('sh', ['-c', `command -v ${c}`], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
}

export const installLine = (packages) =>
  `apt-get install -y -o DPkg::Lock::Timeout=900 ${[...new Set(packages)].join(' ')}`;

/**
 * Writes `items` ({drawer, binder, ext, content, mtime?}) as OUTDIR/<corpus>/<drawer>/<binder>/NNNN.ext,
 * replacing any earlier build of that corpus. Numbers follow a seeded shuffle of the whole corpus, so
 * a file's name says nothing about its binder. Answers the per-binder counts.
 */
export function writeCorpus(outDir, corpus, items) {
  const root = path.join(outDir, corpus);
  rmSync(root, { recursive: true, force: true });
  const order = shuffle(items, prng(hash32(`${corpus}/names`)));
  const width = Math.max(4, String(order.length).length);
  const counts = new Map();
  order.forEach((item, i) => {
    const dir = path.join(root, item.drawer, item.binder);
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${String(i + 1).padStart(width, '0')}.${item.ext}`);
    writeFileSync(file, item.content);
    if (item.mtime) utimesSync(file, item.mtime, item.mtime);
    const key = `${item.drawer}/${item.binder}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  return new Map([...counts].sort(byKey(([k]) => k)));
}
