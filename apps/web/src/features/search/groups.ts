import { SEARCH_GROUPS, type Source } from '@easio/shared';

export interface ResultGroup<T> {
  key: string;
  label: string;
  results: T[];
}

/**
 * Results per source, the groups in the results page's order (Google, WhatsApp, Dropbox, Easio and
 * the extension, then the rest), each keeping the order the server ranked them in. Empty groups are left out.
 */
export function groupResults<T extends { source: Source }>(results: readonly T[]): ResultGroup<T>[] {
  const groups = SEARCH_GROUPS.map((group) => ({
    key: group.key as string,
    label: group.label as string,
    sources: new Set<Source>(group.sources),
    results: [] as T[],
  }));
  const other: ResultGroup<T> = { key: 'other', label: 'Elsewhere', results: [] };
  for (const result of results) {
    const group = groups.find((g) => g.sources.has(result.source));
    (group ?? other).results.push(result);
  }
  return [...groups, other]
    .filter((group) => group.results.length > 0)
    .map(({ key, label, results: list }) => ({ key, label, results: list }));
}
