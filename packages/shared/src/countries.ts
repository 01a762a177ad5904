import { countries, getEmojiFlag, type TCountryCode } from 'countries-list';

/** One entry of the country list (spec section 3): name, dial code, flag and ISO 3166 code. */
export interface Country {
  name: string;
  dial_code: string;
  emoji: string;
  code: string;
}

export const COUNTRIES: readonly Country[] = (Object.keys(countries) as TCountryCode[])
  .map((code) => ({
    name: countries[code].name,
    dial_code: `+${countries[code].phone[0] ?? ''}`,
    emoji: getEmojiFlag(code),
    code,
  }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const byCode = new Map(COUNTRIES.map((c) => [c.code, c]));

export function findCountry(code: string | null | undefined): Country | undefined {
  return code ? byCode.get(code.toUpperCase()) : undefined;
}
