import type { TextPart } from '@easio/shared';
import type { HighlightTerm } from './parse-query.js';

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/** Where a name's word splits into parts, as the index splits it (`InvoiceACME2024`). */
const PART_START = /(?<=[a-z])(?=[A-Z])|(?<=[A-Za-z])(?=[0-9])|(?<=[0-9])(?=[A-Za-z])/g;

function partStarts(word: string): number[] {
  return [0, ...Array.from(word.matchAll(PART_START), (m) => m.index)];
}

/** The matched runs inside one word, as [start, end) pairs: at each part, the longest term. */
function hitsIn(word: string, terms: HighlightTerm[]): [number, number][] {
  const lower = word.toLowerCase();
  // Most words of a passage hold no term: they skip the search for part starts (a costly regex).
  if (!terms.some((t) => lower.includes(t.word))) return [];
  // Case mapping that changes length (rare) would misplace offsets: compare whole words only then.
  const starts = lower.length === word.length ? partStarts(word) : [0];
  const ends = new Set([...starts, lower.length]);
  const hits: [number, number][] = [];
  for (const start of starts) {
    if (start < (hits.at(-1)?.[1] ?? 0)) continue;
    let end = start;
    for (const { word: term, prefix } of terms) {
      const matched = lower.startsWith(term, start) && (prefix || ends.has(start + term.length));
      if (matched) end = Math.max(end, start + term.length);
    }
    if (end > start) hits.push([start, end]);
  }
  return hits;
}

/** Splits text into runs that matched a search word (`hit`) and runs that did not. */
export function markText(text: string, terms: HighlightTerm[]): TextPart[] {
  const parts: TextPart[] = [];
  const push = (chunk: string, hit: boolean) => {
    if (!chunk) return;
    const last = parts.at(-1);
    if (last && last.hit === hit) last.text += chunk;
    else parts.push({ text: chunk, hit });
  };
  let at = 0;
  if (terms.length > 0) {
    for (const m of text.matchAll(WORD)) {
      for (const [start, end] of hitsIn(m[0], terms)) {
        push(text.slice(at, m.index + start), false);
        push(text.slice(m.index + start, m.index + end), true);
        at = m.index + end;
      }
    }
  }
  push(text.slice(at), false);
  return parts;
}

/**
 * A snippet from a passage cut out around the first match: whitespace collapsed, the cut words at
 * either end dropped (marked with an ellipsis), and the matched words marked. Null if nothing matched.
 */
export function snippet(
  passage: string | null,
  cut: { atStart: boolean; atEnd: boolean },
  terms: HighlightTerm[],
): TextPart[] | null {
  if (!passage) return null;
  let text = passage.replace(/\s+/g, ' ');
  if (!cut.atStart) text = text.replace(/^\S*\s/, '');
  if (!cut.atEnd) text = text.replace(/\s\S*$/, '');
  text = text.trim();
  const parts = markText(`${cut.atStart ? '' : '… '}${text}${cut.atEnd ? '' : ' …'}`, terms);
  return parts.some((p) => p.hit) ? parts : null;
}
