import {
  SEARCH_APPROXIMATE_HEADER,
  SEARCH_NEXT_OFFSET_HEADER,
  type SearchRequest,
  type SearchResult,
  searchRequestSchema,
  searchResultSchema,
} from '@easio/shared';
import { z } from 'zod';
import { apiResponse } from '../../api/client';

const resultsSchema = z.array(searchResultSchema);

export interface SearchPage {
  results: SearchResult[];
  /** Where the next page starts, when there is one. */
  nextOffset: number | null;
  /** Nothing matched as typed: the text these results are for instead (close spellings), or null. */
  correctedTo: string | null;
}

/** The offset the answer's `x-next-offset` header names; null when absent (the last page) or malformed. */
export function nextOffsetOf(header: string | null): number | null {
  if (header === null || header.trim() === '') return null;
  const offset = Number(header);
  return Number.isInteger(offset) && offset >= 0 ? offset : null;
}

/** The corrected text the answer's `x-search-approximate` header carries (URI-encoded), or null. */
export function correctedToOf(header: string | null): string | null {
  if (!header) return null;
  try {
    return decodeURIComponent(header);
  } catch {
    return header;
  }
}

/** `POST /api/search/items`: the request checked against the shared contract before it leaves. */
export async function searchItems(request: SearchRequest, signal?: AbortSignal): Promise<SearchPage> {
  const checked = searchRequestSchema.safeParse(request);
  if (!checked.success) throw new Error(checked.error.issues[0]?.message ?? 'This search cannot be made');
  const { data, headers } = await apiResponse('/search/items', resultsSchema, { json: checked.data, signal });
  return {
    results: data,
    nextOffset: nextOffsetOf(headers.get(SEARCH_NEXT_OFFSET_HEADER)),
    correctedTo: correctedToOf(headers.get(SEARCH_APPROXIMATE_HEADER)),
  };
}
