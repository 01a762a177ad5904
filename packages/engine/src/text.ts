/** Words as the engine sees them: lower case, split on case changes, digits and separators. */

/** Common words of English that say nothing about where a document belongs. */
const STOP_WORDS = new Set(
  `a about above after again all also am an and any are as at be been before being below between both
  but by can could did do does doing down during each few for from further had has have having he her
  here hers him his how i if in into is it its itself just me more most my no nor not now of off on
  once only or other our ours out over own same she should so some such than that the their theirs
  them then there these they this those through to too under until up very was we were what when
  where which while who whom why will with would you your yours www com http https html htm php
  pdf doc docx jpg jpeg png img dear regards thanks thank please hi hello per via`
    .split(/\s+/)
    .filter(Boolean),
);

export const isStopWord = (word: string) => STOP_WORDS.has(word);

const SPLIT_CASE = /([a-z])([A-Z])|([A-Za-z])([0-9])|([0-9])([A-Za-z])/g;

/**
 * The words of a text: letters only (numbers say little, except years: see `yearsOf`). With
 * `splitCase` (names), also where case changes (`InvoiceACME`); prose is not split (faster).
 */
export function wordsOf(text: string, { splitCase = true } = {}): string[] {
  const spaced = splitCase
    ? text.replace(SPLIT_CASE, (_m, a, b, c, d, e, f) => `${a ?? c ?? e} ${b ?? d ?? f}`)
    : text;
  const words = spaced.toLowerCase().match(/\p{L}[\p{L}\p{M}]*/gu) ?? [];
  return words.filter((w) => w.length >= 2 && !STOP_WORDS.has(w));
}

/** Years (1900–2099) written in a text or a name. */
export function yearsOf(text: string): string[] {
  return text.match(/(?<![0-9])(19|20)[0-9]{2}(?![0-9])/g) ?? [];
}

/** The file extension of a name, lower case, or null. */
export function extensionOf(name: string): string | null {
  const m = /\.([A-Za-z0-9]{1,5})$/.exec(name.trim());
  return m?.[1] ? m[1].toLowerCase() : null;
}

const ADDRESS = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?([^/?#:]+)(?::[0-9]*)?([^?#]*)/i;

/** The host (without `www.`) and path of an address, or null when it is not one. */
export function addressOf(url: string): { host: string; path: string } | null {
  const m = ADDRESS.exec(url.trim());
  if (!m?.[1]) return null;
  let path = m[2] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {}
  return { host: m[1].toLowerCase().replace(/^www\./, ''), path };
}

/** Top-level domains that name no one: test, documentation and local addresses (RFC 2606, 6761, 6762). */
const NAMELESS =
  /\.(?:test|example|invalid|localhost|local|internal|lan|home)$|^(?:example\.(?:com|net|org)|localhost)$/;

/** Whether a host names no one: a test, documentation or local name, or an address written in numbers. */
export function isNamelessHost(host: string): boolean {
  return NAMELESS.test(host) || /^[0-9.:[\]]+$/.test(host);
}
