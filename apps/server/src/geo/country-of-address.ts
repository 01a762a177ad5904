import { findCountry } from '@easio/shared';

type Lookup = (ip: string) => { country: string } | null;

let lookup: Promise<Lookup> | null = null;

/**
 * The country (ISO 3166 code) an IP address is registered in, from the GeoLite2 country database
 * embedded in the `geoip-country` package: no outside call. The database (about 20 MB in memory)
 * is loaded at the first lookup, not at start-up. Null for private, loopback and unknown addresses.
 */
export async function countryOfAddress(ip: string): Promise<string | null> {
  lookup ??= import('geoip-country').then((m) => m.lookup);
  const found = (await lookup)(ip.replace(/^::ffff:/, ''));
  return found && findCountry(found.country) ? found.country.toUpperCase() : null;
}
