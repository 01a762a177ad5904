import { KIND_FILTERS, PERIOD_PHRASE, SOURCE_FILTERS } from './labels';
import type { SearchState } from './search-state';

/** "a", "a or b", "a, b or c". */
export function orList(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

const dayAt = (day: string) => new Date(`${day}T00:00:00Z`);

/** A span of UTC days as words: "1–31 May 2024", "from 1 May 2024", "until 31 May 2024". */
export function dateSpanText(from: string | null, to: string | null, locale?: string): string | null {
  const format = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  if (from && to)
    return from === to ? format.format(dayAt(from)) : format.formatRange(dayAt(from), dayAt(to));
  if (from) return `from ${format.format(dayAt(from))}`;
  if (to) return `until ${format.format(dayAt(to))}`;
  return null;
}

/** The filters of a search as words, in the order the popup shows them: sources, kinds, dates. */
export function filterParts(state: SearchState, locale?: string): string[] {
  const parts: string[] = [];
  const sources = SOURCE_FILTERS.filter((s) => state.sources.includes(s.value)).map((s) => s.label);
  const kinds = KIND_FILTERS.filter((k) => state.kinds.includes(k.value)).map((k) => k.label);
  if (sources.length > 0) parts.push(orList(sources));
  if (kinds.length > 0) parts.push(orList(kinds));
  const when = state.period ? PERIOD_PHRASE[state.period] : dateSpanText(state.from, state.to, locale);
  if (when) parts.push(when);
  return parts;
}

/** `No results for “tax” in Google Drive, Files, 1–31 May 2024`. */
export function nothingFoundText(state: SearchState, locale?: string): string {
  const q = state.q.trim();
  const parts = filterParts(state, locale);
  const head = q ? `No results for “${q}”` : 'Nothing found';
  return parts.length > 0 ? `${head} in ${parts.join(', ')}` : head;
}
