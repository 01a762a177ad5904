const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;

/** Whether the address was typed with its scheme (`https://`, `http://`) or it was added for the user. */
export const typedScheme = (input: string) => SCHEME.test(input.trim());

/**
 * Easio's address as the user typed or pasted it: `easio.example.org`, `nas.lan:3000`, or a whole
 * address copied from the browser (`https://easio.example.org/my-desk/`). Answers its origin;
 * https:// is assumed when no scheme is typed. Throws a message meant for the user.
 */
export function normaliseServer(input: string): string {
  const typed = input.trim();
  if (!typed) throw new Error('Enter the address you open Easio at, e.g. easio.example.org');
  const scheme = SCHEME.exec(typed)?.[1]?.toLowerCase();
  if (scheme && scheme !== 'http' && scheme !== 'https')
    throw new Error('Enter an address starting with https:// (or http:// for a server on your network)');
  let url: URL;
  try {
    url = new URL(scheme ? typed : `https://${typed}`);
  } catch {
    throw new Error(`“${typed}” is not a web address: enter one like easio.example.org`);
  }
  if (!url.hostname || /\s/.test(typed))
    throw new Error(`“${typed}” is not a web address: enter one like easio.example.org`);
  if (url.username || url.password) throw new Error('Enter the address without a user name or password');
  return url.origin;
}

/** What the browser is asked for, so the extension may reach that server (any port of that host). */
export function originPattern(server: string): string {
  const url = new URL(server);
  return `${url.protocol}//${url.hostname}/*`;
}

/** Why signing in to `server` reached no one, with what to check. */
export function unreachableMessage(server: string, schemeWasTyped: boolean): string {
  const base = `Cannot reach ${server}: check the address, and that Easio is running there.`;
  if (!schemeWasTyped && server.startsWith('https://'))
    return `${base} If it is served over plain http, type http://${server.slice('https://'.length)}`;
  return base;
}
