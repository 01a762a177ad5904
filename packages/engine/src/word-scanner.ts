import { isStopWord } from './text.js';
import type { Vocabulary } from './vectors.js';

const LETTER = 1;
const MARK = 2;
const OTHER = 3;
/** Added to a class: the character takes two code units (a surrogate pair). */
const PAIR = 4;
/** Added to a class: lower case depends on context or changes length (`Σ`, `İ`): the whole text is lowered first. */
const COMPLEX = 8;
const IS_LETTER = /^\p{L}$/u;
const IS_MARK = /^\p{M}$/u;

/**
 * Basic Multilingual Plane characters met so far: class (+ `COMPLEX`) in the low byte, lower-case
 * code unit above it; 0 when not met yet. Characters outside it (surrogate pairs) by code point.
 */
const bmp = new Int32Array(0x10000);
const astral = new Map<number, number>();

function classify(char: string): number {
  const kind = IS_LETTER.test(char) ? LETTER : IS_MARK.test(char) ? MARK : OTHER;
  const lower = char.toLowerCase();
  return lower === char ? kind : lower.length === char.length && char !== 'Σ' ? kind : kind | COMPLEX;
}

/** `infoAt` of the ASCII characters, read without a call (most text is ASCII). */
const ASCII = Int32Array.from({ length: 128 }, (_, code) => {
  const lower = code >= 65 && code <= 90 ? code + 32 : code;
  return ((lower >= 97 && lower <= 122 ? LETTER : OTHER) | (lower << 8)) as number;
});

/** What the scanner needs of the character at `i`: class and flags, and (for one code unit) its lower case << 8. */
function infoAt(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
    const point = text.codePointAt(i) as number;
    if (point > 0xffff) {
      let c = astral.get(point);
      if (c === undefined) {
        const char = String.fromCodePoint(point);
        const kind = classify(char);
        // A pair that changes in lower case is lowered with the whole text, like `COMPLEX`.
        c = (char.toLowerCase() === char ? kind : kind | COMPLEX) | PAIR;
        astral.set(point, c);
      }
      return c;
    }
  }
  let c = bmp[code] as number;
  if (c === 0) {
    const char = String.fromCharCode(code);
    c = classify(char) | (char.toLowerCase().charCodeAt(0) << 8);
    bmp[code] = c;
  }
  return c;
}

const EMPTY = 0;
/** An entry for a stop word: known, never counted. */
const STOP = -1;

/**
 * Finds the words of a text and numbers them, the same words `wordsOf(text, {splitCase: false})`
 * gives, without lowering the text or making a string per word: each word is hashed as it is read and looked up
 * in an open-addressing table of the words met before (a large desk's texts hold millions of words
 * but only thousands of distinct ones). A word met for the first time is made a string once, checked
 * against the stop words and numbered by the vocabulary.
 */
export class WordScanner {
  /** Slots of the table: 0 empty, else entry number + 1. */
  private slots = new Int32Array(1 << 12);
  private hashes: number[] = [];
  private words: string[] = [];
  /** The vocabulary's number of each entry's word, or `STOP`. */
  private ids: number[] = [];
  private out = new Int32Array(1024);

  constructor(private readonly vocabulary: Vocabulary) {}

  /** The numbers of a text's words in lower case, in order, repeats included (a view reused by the next call). */
  scan(text: string): Int32Array {
    return this.scanLowering(text, false) ?? (this.scanLowering(text.toLowerCase(), true) as Int32Array);
  }

  /** Null when the text holds a character that must be lowered with the whole text (and `lowered` is false). */
  private scanLowering(text: string, lowered: boolean): Int32Array | null {
    let count = 0;
    let i = 0;
    const length = text.length;
    while (i < length) {
      let code = text.charCodeAt(i);
      let c = code < 128 ? (ASCII[code] as number) : infoAt(text, i);
      if (c & COMPLEX && !lowered) return null;
      if ((c & 3) !== LETTER) {
        i += c & PAIR ? 2 : 1;
        continue;
      }
      const start = i;
      let hash = 0x811c9dc5;
      for (;;) {
        if (c & PAIR) {
          hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
          hash = Math.imul(hash ^ text.charCodeAt(i + 1), 0x01000193);
          i += 2;
        } else {
          hash = Math.imul(hash ^ (c >>> 8), 0x01000193);
          i += 1;
        }
        if (i >= length) break;
        code = text.charCodeAt(i);
        c = code < 128 ? (ASCII[code] as number) : infoAt(text, i);
        if (c & COMPLEX && !lowered) return null;
        const kind = c & 3;
        if (kind !== LETTER && kind !== MARK) break;
      }
      if (i - start < 2) continue;
      const id = this.lookup(text, start, i, hash >>> 0);
      if (id === STOP) continue;
      if (count === this.out.length) {
        const bigger = new Int32Array(count * 2);
        bigger.set(this.out);
        this.out = bigger;
      }
      this.out[count++] = id;
    }
    return this.out.subarray(0, count);
  }

  private lookup(text: string, start: number, end: number, hash: number): number {
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    for (;;) {
      const entry = this.slots[slot] as number;
      if (entry === EMPTY) break;
      const e = entry - 1;
      if (this.hashes[e] === hash && sameWord(this.words[e] as string, text, start, end)) {
        return this.ids[e] as number;
      }
      slot = (slot + 1) & mask;
    }
    // Lowered (a new string, not a slice: V8 may keep a slice's whole text alive as long as the word).
    const word = text.slice(start, end).toLowerCase().split('').join('');
    const id = isStopWord(word) ? STOP : this.vocabulary.word(word);
    this.hashes.push(hash);
    this.words.push(word);
    this.ids.push(id);
    this.slots[slot] = this.ids.length;
    if (this.ids.length * 2 > this.slots.length) this.rehash();
    return id;
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    this.hashes.forEach((hash, e) => {
      let slot = hash & mask;
      while (slots[slot] !== EMPTY) slot = (slot + 1) & mask;
      slots[slot] = e + 1;
    });
    this.slots = slots;
  }
}

/** Whether the text's characters from `start` to `end`, in lower case, are the word. */
function sameWord(word: string, text: string, start: number, end: number): boolean {
  if (word.length !== end - start) return false;
  for (let k = 0; k < word.length; k += 1) {
    const code = text.charCodeAt(start + k);
    // Surrogates are kept as they are (a pair that changes in lower case was lowered with the text).
    const lower =
      code < 128
        ? (ASCII[code] as number) >>> 8
        : code >= 0xd800 && code <= 0xdfff
          ? code
          : infoAt(text, start + k) >>> 8;
    if (word.charCodeAt(k) !== lower) return false;
  }
  return true;
}
