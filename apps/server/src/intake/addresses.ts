import { URL_MAX, webAddressRule } from '@easio/shared';

// biome-ignore lint/suspicious/noControlCharactersInRegex: an address with control characters is refused.
const CONTROLS = /[\u0000-\u001f\u007f]/;

/**
 * Why an address from outside cannot be kept, or null when it can: the desk's rule for a link's address
 * (`webAddressRule`: http or https only, at most `URL_MAX` characters), so a `javascript:` or `data:`
 * address never reaches the desk, whichever way it comes in. Spaces around it are not held against it
 * (they are trimmed before it is stored).
 */
export function addressRefusal(url: string): string | null {
  const address = url.trim();
  if (address.length > URL_MAX) return 'The address is too long';
  if (CONTROLS.test(address)) return 'Not a web address (it holds control characters)';
  if (webAddressRule.safeParse(address).success) return null;
  try {
    const { protocol } = new URL(address);
    return `Not a web address (${protocol.slice(0, 20)} links cannot be opened from the desk)`;
  } catch {
    return 'Not a web address';
  }
}
