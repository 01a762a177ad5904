import { errorBodySchema } from '@easio/shared';

/**
 * The response schemas of a route's error statuses: each answers the common error body. Spread into a
 * route's `response`: `{ 200: itemSchema, ...errorResponses(401, 404, 422) }`.
 */
export function errorResponses<const Codes extends readonly number[]>(
  ...codes: Codes
): Record<Codes[number], typeof errorBodySchema> {
  return Object.fromEntries(codes.map((code) => [code, errorBodySchema])) as Record<
    Codes[number],
    typeof errorBodySchema
  >;
}
