// Corpus `debian-changes` (mail).
// Source: the Debian changelogs (usr/share/doc/<pkg>/changelog.Debian.gz, or changelog.gz of a native
//   package) inside .deb files fetched with `apt-get download` into a cache folder (see debs.mjs):
//   50 source packages per section, chosen with a seeded PRNG from apt's Packages lists.
// Labelling: the Section of the binary package read (debian-sections.mjs), drawers as there. Each
//   changelog entry becomes the mail debian-devel-changes@lists.debian.org carries for an upload
//   ("Accepted <source> <version> (source) into <dist>"); at most 25 entries per source (the most
//   recent), UNRELEASED ones left out; up to 400 per section, sections under 60 left out.
// Shape: OUTDIR/debian-changes/<drawer>/<binder>/NNNN.eml, RFC 822, dated (and mtime set) when the
//   entry was signed off.
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { SECTIONS } from './debian-sections.mjs';
import { chooseSources, download, readFromDeb } from './debs.mjs';
import { aptLists, hash32, missingCommands, prng, sample } from './lib.mjs';

export const name = 'debian-changes';
const SOURCES_PER_SECTION = 50;
const PER_SOURCE = 25;
const PER_SECTION = 400;
const MIN_SECTION = 60;

export function missing() {
  if (!aptLists('_Packages').length) return ['apt-get update'];
  const absent = missingCommands(['apt-get', 'dpkg-deb', 'tar']);
  return absent.length ? [`apt-get install -y apt dpkg tar  # missing: ${absent.join(' ')}`] : [];
}

const HEADER = /^(\S+) \(([^()\s]+)\) ([^;]+);(.*)$/;
const TRAILER = /^ -- (.*?) ?<([^>]*)>\s+(\S.*?)\s*$/;

/** The signed-off entries of a Debian changelog, newest first. */
export function parseChangelog(text) {
  const entries = [];
  let entry = null;
  for (const line of text.split('\n')) {
    const header = HEADER.exec(line);
    if (header) {
      const urgency = /urgency=(\w+)/i.exec(header[4])?.[1] ?? 'medium';
      entry = { source: header[1], version: header[2], dist: header[3].trim(), urgency, line, body: [] };
      continue;
    }
    const trailer = entry && TRAILER.exec(line);
    if (trailer) {
      const date = new Date(trailer[3]);
      const body = entry.body.join('\n').replace(/^\s*\n|\s+$/g, '');
      if (!Number.isNaN(date.getTime()) && body && !/UNRELEASED/i.test(entry.dist)) {
        entries.push({
          ...entry,
          body,
          name: trailer[1].trim(),
          email: trailer[2],
          dateText: trailer[3],
          date,
        });
      }
      entry = null;
    } else if (entry) entry.body.push(line);
  }
  return entries;
}

/** An RFC 2822 date: the changelog's own when it is one, else the same instant in UTC. */
function rfc2822(entry) {
  const text = entry.dateText.replace(/\s+/g, ' ');
  if (/^[A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d [+-]\d{4}$/.test(text)) return text;
  return entry.date.toUTCString().replace('GMT', '+0000');
}

/** A display name for a From header: bare, quoted, or an RFC 2047 encoded word. */
function displayName(text) {
  if (/^[\w !#$%&'*+\-/=?^`{|}~]*$/.test(text)) return text;
  if (/^[\x20-\x7e]*$/.test(text)) return JSON.stringify(text);
  return `=?utf-8?B?${Buffer.from(text).toString('base64')}?=`;
}

/** The entry as the list's mail: a .changes file's fields, its Changes text indented as there. */
function mail(entry) {
  const date = rfc2822(entry);
  const by = `${entry.name} <${entry.email}>`;
  const id = createHash('sha1').update(`${entry.source} ${entry.version} ${date}`).digest('hex').slice(0, 20);
  const changes = [entry.line, '', ...entry.body.split('\n')].map((l) => (l.trim() ? ` ${l}` : ' .'));
  return [
    `From: ${displayName(entry.name)} <${entry.email}>`,
    'To: debian-devel-changes@lists.debian.org',
    `Subject: Accepted ${entry.source} ${entry.version} (source) into ${entry.dist}`,
    `Date: ${date}`,
    `Message-ID: <E1${id}@fasolo.debian.org>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    'Format: 1.8',
    `Date: ${date}`,
    `Source: ${entry.source}`,
    `Version: ${entry.version}`,
    `Distribution: ${entry.dist}`,
    `Urgency: ${entry.urgency}`,
    `Changed-By: ${by}`,
    'Changes:',
    ...changes,
    '',
  ].join('\n');
}

/** The changelog inside a binary package's .deb, or null. */
function changelog(b) {
  const doc = `./usr/share/doc/${b.name}`;
  const native = !b.version.includes('-');
  const gz =
    readFromDeb(b, `${doc}/changelog.Debian.gz`) ?? (native ? readFromDeb(b, `${doc}/changelog.gz`) : null);
  return gz ? gunzipSync(gz).toString('utf8') : null;
}

export function build() {
  const sections = Object.keys(SECTIONS).sort();
  const chosen = chooseSources(sections, SOURCES_PER_SECTION, 'debs');
  const items = [];
  for (const section of sections) {
    const entries = [];
    for (const b of download(chosen.get(section))) {
      const text = changelog(b);
      if (text) entries.push(...parseChangelog(text).slice(0, PER_SOURCE));
    }
    if (entries.length < MIN_SECTION) {
      console.warn(`${name}: section ${section} has only ${entries.length} entries; left out`);
      continue;
    }
    for (const entry of sample(entries, PER_SECTION, prng(hash32(`${name}/${section}`)))) {
      items.push({ ...SECTIONS[section], ext: 'eml', content: mail(entry), mtime: entry.date });
    }
  }
  return items;
}
