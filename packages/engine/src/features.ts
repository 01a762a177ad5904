import { addressOf, extensionOf, isNamelessHost, wordsOf, yearsOf } from './text.js';
import type { EngineItem } from './types.js';

/** Sparse features of an item: namespaced token → weight. */
export type Features = Map<string, number>;

/** Long texts say what they are about early: the rest adds time, not accuracy. */
export const MAX_TEXT_CHARS = 20_000;

/** How much each part of an item counts, relative to a word of its text. */
const WEIGHT = {
  name: 1.5,
  extension: 2,
  mime: 1,
  host: 4,
  path: 1.5,
  source: 0.5,
  kind: 0.5,
  text: 1,
  sender: 3,
  senderDomain: 2,
  recipient: 2,
  subject: 2.5,
  year: 1.5,
  tag: 3,
  folder: 3,
  folderWord: 2,
} as const;

/** Where an item's features go: a map of tokens (`featuresOf`), or the engine's numbered counts. */
export interface FeatureSink {
  add(token: string, weight: number): void;
  /** Words (tokens `w:<word>`), each counted sublinearly within one call: 1 + ln n for n repeats. */
  addWords(words: string[], weight: number): void;
  /** The words of a prose text (not split on case changes), as `addWords`. */
  addText(text: string, weight: number): void;
}

class MapSink implements FeatureSink {
  readonly features: Features = new Map();

  add(token: string, weight: number) {
    this.features.set(token, (this.features.get(token) ?? 0) + weight);
  }

  addWords(words: string[], weight: number) {
    const counts = new Map<string, number>();
    for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
    for (const [w, n] of counts) this.add(`w:${w}`, weight * (1 + Math.log(n)));
  }

  addText(text: string, weight: number) {
    this.addWords(wordsOf(text, { splitCase: false }), weight);
  }
}

/**
 * Everything an item is, as features: the words of its name (file-name parts split), its extension
 * and mime family, its address's host and path words, source and kind, the start of its text, the
 * sender, recipients and subject of an e-mail, the years its name and text mention, its tags and the
 * folder it was in at its source. Not its date: when an item was made is weighed apart, as much as
 * the desk's own filing shows it counts (`SideSignals`).
 */
export function featuresOf(item: EngineItem): Features {
  const sink = new MapSink();
  extractFeatures(item, sink);
  return sink.features;
}

/** The addresses in a header (`Name <a@b.c>, d@e.f`), lower case. */
const addressesIn = (header: string | null | undefined): string[] =>
  header?.toLowerCase().match(/[^\s<>",;]+@[^\s<>",;]+/g) ?? [];

/** `featuresOf`, into any sink. */
export function extractFeatures(item: EngineItem, f: FeatureSink): void {
  const name = item.name ?? '';
  const ext = extensionOf(name);
  f.addWords(wordsOf(ext ? name.slice(0, -(ext.length + 1)) : name), WEIGHT.name);
  if (ext) f.add(`x:${ext}`, WEIGHT.extension);
  const mime = item.mimeType?.split('/')[0];
  if (mime) f.add(`m:${mime.toLowerCase()}`, WEIGHT.mime);
  const address = item.url ? addressOf(item.url) : null;
  if (address) {
    f.add(`h:${address.host}`, WEIGHT.host);
    const parts = address.host.split('.');
    // The name under the public suffix (`github` of `gist.github.com`) also counts as a word, unless
    // the host names no one (`nowhere.easio.test`).
    const brand = parts.length >= 2 && !isNamelessHost(address.host) ? parts[parts.length - 2] : undefined;
    if (brand) f.addWords([brand], WEIGHT.name);
    f.addWords(wordsOf(address.path), WEIGHT.path);
  }
  f.add(`s:${item.source}`, WEIGHT.source);
  f.add(`k:${item.kind}`, WEIGHT.kind);
  const text = item.text?.slice(0, MAX_TEXT_CHARS) ?? '';
  if (text) f.addText(text, WEIGHT.text);
  const [from] = addressesIn(item.email?.from);
  if (from) {
    f.add(`f:${from}`, WEIGHT.sender);
    f.add(`d:${from.split('@')[1]}`, WEIGHT.senderDomain);
  }
  for (const to of new Set(addressesIn(item.email?.to))) f.add(`r:${to}`, WEIGHT.recipient);
  if (item.email?.subject) f.addWords(wordsOf(item.email.subject), WEIGHT.subject);
  for (const y of new Set([...yearsOf(name), ...yearsOf(text.slice(0, 2000))])) f.add(`y:${y}`, WEIGHT.year);
  for (const tag of item.tags ?? []) f.add(`t:${tag.toLowerCase()}`, WEIGHT.tag);
  const folder = item.folder?.trim().toLowerCase();
  if (folder) {
    // The whole path (its exact folder) and the words of its folder names.
    f.add(`fo:${folder}`, WEIGHT.folder);
    f.addWords(wordsOf(folder), WEIGHT.folderWord);
  }
}
