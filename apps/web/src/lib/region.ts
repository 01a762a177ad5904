import { COUNTRIES, findCountry } from '@easio/shared';

/** The Region select's options: `${emoji} ${name} (${dial_code})`, valued by ISO code. */
export const REGION_OPTIONS = COUNTRIES.map((c) => ({
  value: c.code,
  label: `${c.emoji} ${c.name} (${c.dial_code})`,
}));

/**
 * A first guess at the visitor's country from the browser's preferred languages ('en-IN' → 'IN'),
 * so nothing is sent to an outside lookup service. Empty when no language names a known country.
 */
export function guessRegion(languages: readonly string[]): string {
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).region;
      if (region && findCountry(region)) return region;
    } catch {
      // Not a valid language tag: try the next.
    }
  }
  return '';
}
