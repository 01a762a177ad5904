/**
 * Web-search syntax over the 'simple' full-text configuration: words (each also matching as a prefix,
 * so partly typed words find), `"exact phrases"`, `-excluded` words or phrases, and `or` between
 * terms. Only letters, marks and digits reach PostgreSQL, inside quotes, so no input can break the
 * tsquery syntax; everything else separates words, as it does in the indexed document.
 */

/** More terms than this are ignored: a pasted paragraph must not become a slow query. */
export const MAX_TERMS = 16;
/** Longer words are cut to this (as a prefix, they still find what they start). */
const MAX_WORD_LENGTH = 64;
/** Shorter words match only as whole words (`a:*` would match nearly everything). */
const MIN_PREFIX_LENGTH = 2;
/** Corrections are looked for words this long (shorter ones have too many real neighbours)… */
const MIN_SPELLING_LENGTH = 4;
/** …up to this long… */
const MAX_SPELLING_LENGTH = 24;
/** …and for this many words of a query. */
const MAX_SPELLING_WORDS = 3;
const ASCII_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Every spelling one edit away (a letter dropped, swapped with its neighbour, changed or added): the
 * user's vocabulary is asked for these by exact lookup, which finds what trigrams miss in short words
 * (`amaozn` shares too few trigrams with `amazon`). Letters come from a–z and digits, plus the word's
 * own letters for other alphabets.
 */
export function spellingVariants(word: string): string[] {
  const chars = Array.from(word);
  const alphabet = new Set([...ASCII_ALPHABET, ...chars]);
  const out = new Set<string>();
  const at = (i: number, j: number) => chars.slice(i, j).join('');
  for (let i = 0; i <= chars.length; i += 1) {
    if (i < chars.length) out.add(at(0, i) + at(i + 1, chars.length));
    if (i < chars.length - 1) out.add(at(0, i) + chars[i + 1] + chars[i] + at(i + 2, chars.length));
    for (const c of alphabet) {
      if (i < chars.length) out.add(at(0, i) + c + at(i + 1, chars.length));
      out.add(at(0, i) + c + at(i, chars.length));
    }
  }
  out.delete(word);
  return [...out].sort();
}

export interface HighlightTerm {
  word: string;
  prefix: boolean;
}

export interface ParsedQuery {
  /** `to_tsquery('simple', …)` text of what must match (with exclusions), or null if nothing positive. */
  match: string | null;
  /** `to_tsquery('simple', …)` text of what must not match, or null. */
  exclude: string | null;
  /** The typed words joined by spaces, for the boost of names that start with them; null with operators. */
  exact: string | null;
  /** Words to mark in names and snippets. */
  highlight: HighlightTerm[];
  /** The word a snippet is cut around (the longest positive word), or null. */
  anchor: string | null;
  /**
   * What must match, in words of the user's vocabulary, to estimate how common a match is: groups
   * that must all match, each of alternatives (an `or` of several-word terms counts their first words).
   */
  shareTerms: HighlightTerm[][];
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? [])
    .slice(0, MAX_TERMS)
    .map((w) => Array.from(w).slice(0, MAX_WORD_LENGTH).join(''));
}

type Token = { kind: 'word' | 'phrase'; text: string; negated: boolean } | { kind: 'or' };

function tokenize(q: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < q.length) {
    const c = q.charAt(i);
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    const negated = c === '-' && i + 1 < q.length && !/\s/.test(q.charAt(i + 1));
    const start = negated ? i + 1 : i;
    if (q.charAt(start) === '"') {
      const close = q.indexOf('"', start + 1);
      const end = close === -1 ? q.length : close;
      tokens.push({ kind: 'phrase', text: q.slice(start + 1, end), negated });
      i = end + 1;
      continue;
    }
    let end = start;
    while (end < q.length && !/\s/.test(q.charAt(end)) && q.charAt(end) !== '"') end += 1;
    const text = q.slice(start, end);
    if (!negated && text.toLowerCase() === 'or') tokens.push({ kind: 'or' });
    else tokens.push({ kind: 'word', text, negated });
    i = end;
  }
  return tokens;
}

const lexeme = (word: string, prefix: boolean) =>
  `'${word}'${prefix && word.length >= MIN_PREFIX_LENGTH ? ':*' : ''}`;

/** Words of the user's vocabulary to search for in place of (or as well as) a typed word. */
export type Corrections = ReadonlyMap<string, readonly string[]>;

/** A typed word, or the word or any of its corrections. */
function wordQuery(word: string, corrections: readonly string[] | undefined): string {
  if (!corrections?.length) return lexeme(word, true);
  return `(${[lexeme(word, true), ...corrections.map((c) => lexeme(c, false))].join(' | ')})`;
}

/** One typed term as tsquery text: a word's parts must all match; a phrase's words in order. */
function termQuery(
  token: { kind: 'word' | 'phrase'; text: string },
  corrections: Corrections,
): string | null {
  const words = wordsOf(token.text);
  if (words.length === 0) return null;
  const joined =
    token.kind === 'phrase'
      ? words.map((w) => lexeme(w, false)).join(' <-> ')
      : words.map((w) => wordQuery(w, corrections.get(w))).join(' & ');
  return words.length > 1 ? `(${joined})` : joined;
}

/** The typed text with each corrected word replaced by its first correction (what was searched for). */
export function correctedText(q: string, corrections: Corrections): string {
  return q.replace(WORD, (w) => corrections.get(w.toLowerCase())?.[0] ?? w);
}

/**
 * The typed words worth correcting when nothing matched: the first few plain, positive words of four
 * to 24 characters (not in phrases, which are meant exactly).
 */
export function correctableWords(q: string): string[] {
  const words = tokenize(q).flatMap((t) => (t.kind === 'word' && !t.negated ? wordsOf(t.text) : []));
  const fit = words.filter((w) => {
    const n = Array.from(w).length;
    return n >= MIN_SPELLING_LENGTH && n <= MAX_SPELLING_LENGTH;
  });
  return [...new Set(fit)].slice(0, MAX_SPELLING_WORDS);
}

/**
 * The query for typed text; with `corrections`, each corrected word also matches its corrections
 * (the second try when the first found nothing), which are highlighted too.
 */
export function parseQuery(q: string, { corrections = new Map() as Corrections } = {}): ParsedQuery {
  const groups: string[][] = [];
  // Per group, per term: the words that must all match, each with its alternatives.
  const groupTerms: HighlightTerm[][][][] = [];
  const excluded: string[] = [];
  const highlight: HighlightTerm[] = [];
  const plainWords: string[] = [];
  let usedOperators = false;
  let pendingOr = false;
  let terms = 0;

  for (const token of tokenize(q)) {
    if (token.kind === 'or') {
      pendingOr = groups.length > 0;
      usedOperators = true;
      continue;
    }
    if (terms >= MAX_TERMS) break;
    const query = termQuery(token, token.negated ? new Map() : corrections);
    if (!query) continue;
    terms += 1;
    if (token.negated) {
      excluded.push(query);
      usedOperators = true;
      continue;
    }
    if (token.kind === 'phrase') usedOperators = true;
    const tokenTerms: HighlightTerm[][] = [];
    for (const word of wordsOf(token.text)) {
      const fixes = token.kind === 'word' ? (corrections.get(word) ?? []) : [];
      const alternatives: HighlightTerm[] = [
        { word, prefix: token.kind === 'word' && word.length >= MIN_PREFIX_LENGTH },
        ...fixes.map((c) => ({ word: c, prefix: false })),
      ];
      tokenTerms.push(alternatives);
      highlight.push(...alternatives);
      if (token.kind === 'word') plainWords.push(word);
    }
    const last = groups.at(-1);
    if (pendingOr && last) {
      last.push(query);
      groupTerms.at(-1)?.push(tokenTerms);
    } else {
      groups.push([query]);
      groupTerms.push([tokenTerms]);
    }
    pendingOr = false;
  }

  const positive = groups.map((g) => (g.length > 1 ? `(${g.join(' | ')})` : g[0])).join(' & ');
  const exclude = excluded.length > 0 ? excluded.join(' | ') : null;
  // A corrected word is not in the texts (its corrections are): it is no place to cut a snippet.
  const anchor = highlight.reduce<string | null>(
    (best, t) => (!corrections.has(t.word) && (best === null || t.word.length > best.length) ? t.word : best),
    null,
  );
  return {
    match: positive ? (exclude ? `${positive} & !(${exclude})` : positive) : null,
    exclude,
    exact: !usedOperators && plainWords.length > 0 ? plainWords.join(' ') : null,
    highlight,
    anchor,
    shareTerms: groupTerms.flatMap((terms) =>
      terms.length === 1 ? (terms[0] ?? []) : [terms.flatMap((t) => t[0] ?? [])],
    ),
  };
}
