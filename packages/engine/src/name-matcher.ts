import { conceptNamed, singular } from './concepts.js';
import { wordsOf } from './text.js';
import type { Vocabulary } from './vectors.js';

/** One binder's claim on a word: its binder, and whether the word is of its own name (else a concept cue). */
interface Claim {
  binder: number;
  own: boolean;
}

/** Concept cues met that make the cue part of the match whole. */
const CUES_FOR_FULL = 3;
/** What a full concept match is worth beside a full match of the binder's own name words: as much. */
const CUE_SHARE = 1;

/**
 * How much an item says a binder's name: the share of the name's own words it holds (singular or
 * plural alike), plus, when the name is a concept people file by ("Taxes", "Utilities"), a part for
 * the concept's words it holds. The one signal an empty binder has, and a hint for every other.
 */
export class NameMatcher {
  private readonly claims = new Map<string, Claim[]>();
  private readonly ownWords: number[];
  /** Claims by word token number, made when first met (null: no binder claims it). */
  private readonly byToken: (Claim[] | null | undefined)[] = [];
  private readonly ownHits: Float64Array;
  private readonly cueHits: Float64Array;

  constructor(
    private readonly vocabulary: Vocabulary,
    names: readonly string[],
  ) {
    this.ownWords = names.map((name, binder) => {
      // As typed: a name is words, not a file name to split ("GitHub" is one word).
      const own = [...new Set(wordsOf(name, { splitCase: false }).map(singular))];
      for (const w of own) this.claim(w, { binder, own: true });
      const concept = conceptNamed(name);
      for (const cue of concept?.cues ?? []) if (!own.includes(cue)) this.claim(cue, { binder, own: false });
      return own.length;
    });
    this.ownHits = new Float64Array(names.length);
    this.cueHits = new Float64Array(names.length);
  }

  private claim(word: string, claim: Claim): void {
    const list = this.claims.get(word);
    if (list) list.push(claim);
    else this.claims.set(word, [claim]);
  }

  private claimsOf(token: number): Claim[] | null {
    let found = this.byToken[token];
    if (found === undefined) {
      const name = this.vocabulary.tokens[token] ?? '';
      found = name.startsWith('w:') ? (this.claims.get(singular(name.slice(2))) ?? null) : null;
      this.byToken[token] = found;
    }
    return found;
  }

  /** Each binder's match with an item's tokens, into `out`. */
  write(tokens: ArrayLike<number>, out: Float64Array): void {
    this.ownHits.fill(0);
    this.cueHits.fill(0);
    for (let t = 0; t < tokens.length; t += 1) {
      for (const { binder, own } of this.claimsOf(tokens[t] as number) ?? []) {
        if (own) this.ownHits[binder] = (this.ownHits[binder] as number) + 1;
        else this.cueHits[binder] = (this.cueHits[binder] as number) + 1;
      }
    }
    for (let b = 0; b < out.length; b += 1) {
      const words = this.ownWords[b] as number;
      const own = words > 0 ? Math.min(1, (this.ownHits[b] as number) / words) : 0;
      out[b] = own + CUE_SHARE * Math.min(1, (this.cueHits[b] as number) / CUES_FOR_FULL);
    }
  }
}
