// Binary packages of the apt archive, for the corpora read out of .deb files: the archive's index
// (from apt's Packages lists), a seeded choice of source packages per section, `apt-get download`
// into a cache folder (nothing is installed), and reading files out of a downloaded .deb.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

/** Where downloaded .deb files are kept between runs (the same archive state gives the same files). */
export const CACHE = path.join(tmpdir(), 'easio-corpora-debs');
const MAX_DEB_BYTES = 20 * 1024 * 1024;

let binaries = null;
/** Every binary package in apt's lists (the first list naming it wins: security and updates sort first). */
export function archive() {
  if (binaries) return binaries;
  const byName = new Map();
  for (const file of aptLists('_Packages')) {
    for (const s of parseStanzas(readAptList(file))) {
      if (byName.has(s.Package)) continue;
      byName.set(s.Package, {
        name: s.Package,
        version: s.Version,
        arch: s.Architecture,
        section: plainSection(s.Section),
        source: (s.Source ?? s.Package).split(' ')[0],
        size: Number(s.Size),
      });
    }
  }
  binaries = [...byName.values()].sort(byKey((b) => b.name));
  return binaries;
}

/**
 * Up to `perSection` source packages for each of `sections`, seeded by `seed`, each represented by one
 * binary package in that section (the one named like the source, else the smallest) no larger than
 * 20 MB. For the same sections and seed a larger `perSection` extends a smaller one, so corpora share
 * downloads. Answers a Map section → binaries.
 */
export function chooseSources(sections, perSection, seed) {
  const wanted = new Set(sections);
  const fit = archive().filter((b) => wanted.has(b.section) && b.size <= MAX_DEB_BYTES);
  const chosen = new Map(sections.map((s) => [s, []]));
  for (const [source, list] of groupBy(fit, (b) => b.source)) {
    const pick = list.find((b) => b.name === source) ?? [...list].sort(byKey((b) => b.size))[0];
    chosen.get(pick.section).push(pick);
  }
  for (const [section, list] of chosen) {
    chosen.set(section, sample(list, perSection, prng(hash32(`${seed}/${section}`))));
  }
  return chosen;
}

/** The cached .deb file of a binary package (named as `apt-get download` names it). */
export const debFile = (b) => path.join(CACHE, `${b.name}_${b.version.replace(':', '%3a')}_${b.arch}.deb`);

/** Downloads the .deb files not yet in the cache, 100 a command; answers those that are there after. */
export function download(list) {
  mkdirSync(CACHE, { recursive: true });
  const absent = list.filter((b) => !existsSync(debFile(b)));
  if (absent.length) console.error(`downloading ${absent.length} .deb files into ${CACHE}`);
  const get = (batch) =>
    execFileSync(
      'apt-get',
      ['download', '-q', '-o', 'APT::Sandbox::User=root', ...batch.map((b) => `${b.name}=${b.version}`)],
      { cwd: CACHE, stdio: ['ignore', 'ignore', 'pipe'] },
    );
  for (let i = 0; i < absent.length; i += 100) {
    const batch = absent.slice(i, i + 100);
    try {
      get(batch);
    } catch {
      for (const b of batch) {
        try {
          get([b]);
        } catch (error) {
          console.warn(`could not download ${b.name}=${b.version}: ${String(error.stderr).trim()}`);
        }
      }
    }
  }
  return list.filter((b) => existsSync(debFile(b)));
}

/** The paths of the files a .deb holds (as `./usr/...`). */
export function listDeb(b) {
  const out = execFileSync('sh', ['-c', 'dpkg-deb --fsys-tarfile "$0" | tar -t', debFile(b)], {
    encoding: 'utf8',
    maxBuffer: 2 ** 28,
  });
  return out.split('\n').filter(Boolean);
}

/** The bytes of one file inside a .deb, or null when it holds no such file (or an empty one, or a link). */
export function readFromDeb(b, member) {
  try {
    const bytes = execFileSync(
      'sh',
      ['-c', 'dpkg-deb --fsys-tarfile "$0" | tar -xO "$1"', debFile(b), member],
      {
        maxBuffer: 2 ** 28,
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    return bytes.length ? bytes : null;
  } catch {
    return null;
  }
}
