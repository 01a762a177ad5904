import { placeMatchesSchema, placeSearchQuerySchema } from '@easio/shared';
import { apiRequest } from '../../../api/client';

/** Places whose name starts with what was typed, from the data the server bundles (`GET /api/geo/places`). */
export function searchPlaces(q: string, signal?: AbortSignal) {
  const { q: checked, limit } = placeSearchQuerySchema.parse({ q });
  const params = new URLSearchParams({ q: checked, limit: String(limit) });
  return apiRequest(`/geo/places?${params}`, placeMatchesSchema, { signal });
}
