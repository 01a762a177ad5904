import { z } from 'zod';

/** `GET /api/geo/country`: the visitor's country (ISO 3166 code) as the server guesses it from their address, or null. */
export const countryGuessSchema = z.object({ country: z.string().length(2).nullable() });
export type CountryGuess = z.infer<typeof countryGuessSchema>;

/** `GET /api/geo/places`: places whose name starts with what was typed, from data bundled with the server. */
export const placeSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Type a place name' })
    .trim()
    .min(2, 'Type at least 2 letters of a place name')
    .max(100, 'A place name is at most 100 characters'),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});

export const placeMatchSchema = z.object({
  name: z.string(),
  /** A region code when it reads as one (a US state, a Swiss canton), else null. */
  region: z.string().nullable(),
  country: z.string(),
  country_code: z.string().length(2),
  latitude: z.number(),
  longitude: z.number(),
  population: z.number(),
});
export type PlaceMatch = z.infer<typeof placeMatchSchema>;
export const placeMatchesSchema = z.object({ places: z.array(placeMatchSchema) });
