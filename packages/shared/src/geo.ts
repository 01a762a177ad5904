import { z } from 'zod';

/** `GET /api/geo/country`: the visitor's country (ISO 3166 code) as the server guesses it from their address, or null. */
export const countryGuessSchema = z.object({ country: z.string().length(2).nullable() });
export type CountryGuess = z.infer<typeof countryGuessSchema>;
