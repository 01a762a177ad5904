import { extractFeatures, type FeatureSink, type Features } from './features.js';
import type { EngineItem } from './types.js';
import type { Vocabulary } from './vectors.js';
import { WordScanner } from './word-scanner.js';

/** An item's features as numbered tokens with their raw weights, in the order `featuresOf` gives them. */
export interface CountedItem {
  ids: Int32Array;
  raw: Float64Array;
}

/** Counts are kept in blocks of at most this many tokens (12 MB). */
const BLOCK = 1 << 20;

/**
 * Counts items' features straight into numbered tokens, in dense rows reused from item to item: no
 * map per item, and each word's token string made once (a large desk has millions of words).
 */
export class TokenCounter implements FeatureSink {
  private weights = new Float64Array(1024);
  private repeats = new Int32Array(1024);
  private readonly touched: number[] = [];
  private readonly inCall: number[] = [];

  private readonly scanner: WordScanner;
  private idBlock = new Int32Array(0);
  private rawBlock = new Float64Array(0);
  private used = 0;

  constructor(private readonly vocabulary: Vocabulary) {
    this.scanner = new WordScanner(vocabulary);
  }

  private reach(id: number): void {
    if (id < this.weights.length) return;
    const size = Math.max(id + 1, this.weights.length * 2);
    const weights = new Float64Array(size);
    weights.set(this.weights);
    this.weights = weights;
    const repeats = new Int32Array(size);
    repeats.set(this.repeats);
    this.repeats = repeats;
  }

  private bump(id: number, weight: number): void {
    this.reach(id);
    if (this.weights[id] === 0) this.touched.push(id);
    this.weights[id] = (this.weights[id] as number) + weight;
  }

  add(token: string, weight: number): void {
    this.bump(this.vocabulary.id(token), weight);
  }

  addWords(words: string[], weight: number): void {
    this.addWordIds(
      words.map((word) => this.vocabulary.word(word)),
      weight,
    );
  }

  addText(text: string, weight: number): void {
    this.addWordIds(this.scanner.scan(text), weight);
  }

  private addWordIds(ids: ArrayLike<number>, weight: number): void {
    for (let i = 0; i < ids.length; i += 1) {
      const id = ids[i] as number;
      this.reach(id);
      if (this.repeats[id] === 0) this.inCall.push(id);
      this.repeats[id] = (this.repeats[id] as number) + 1;
    }
    for (const id of this.inCall) {
      const n = this.repeats[id] as number;
      this.repeats[id] = 0;
      this.bump(id, n === 1 ? weight : weight * (1 + Math.log(n)));
    }
    this.inCall.length = 0;
  }

  count(item: EngineItem): CountedItem {
    extractFeatures(item, this);
    const { ids, raw } = this.take(this.touched.length);
    for (let i = 0; i < ids.length; i += 1) {
      ids[i] = this.touched[i] as number;
      const id = ids[i] as number;
      raw[i] = this.weights[id] as number;
      this.weights[id] = 0;
    }
    this.touched.length = 0;
    return { ids, raw };
  }

  /**
   * Room for one item's counts: views into large shared blocks, not two small buffers per item (on a
   * desk of 50,000 items those cost more in allocation and garbage collection than the counting).
   */
  private take(size: number): CountedItem {
    if (this.used + size > this.idBlock.length) {
      // Small at first (a small desk needs little), doubling up to `BLOCK`.
      const length = Math.max(size, Math.min(BLOCK, Math.max(4096, this.idBlock.length * 2)));
      this.idBlock = new Int32Array(length);
      this.rawBlock = new Float64Array(length);
      this.used = 0;
    }
    const taken = {
      ids: this.idBlock.subarray(this.used, this.used + size),
      raw: this.rawBlock.subarray(this.used, this.used + size),
    };
    this.used += size;
    return taken;
  }
}

/** Counted features as a token map, `tokens` naming the numbers. */
export function tokenMap({ ids, raw }: CountedItem, tokens: readonly string[]): Features {
  const f: Features = new Map();
  for (let i = 0; i < ids.length; i += 1) f.set(tokens[ids[i] as number] as string, raw[i] as number);
  return f;
}
