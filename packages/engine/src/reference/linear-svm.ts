import { seededRandom } from '../random.js';
import { countsOf, type ReferenceExample, type ReferenceModel } from './reference-text.js';

interface Sparse {
  ids: number[];
  values: number[];
}

/** Most passes over the examples per class; the solver usually stops well before. */
const MAX_EPOCHS = 200;
/** Stop when no example's projected gradient exceeds this (liblinear's dual solvers use 0.1). */
const TOLERANCE = 0.1;

/**
 * A linear support vector machine as the textbook has it, untuned: TF-IDF vectors (raw counts ×
 * smoothed inverse document frequency, ln((1 + n) / (1 + df)) + 1, scaled to length 1, as
 * scikit-learn's `TfidfVectorizer` makes them), one class against the rest, squared hinge loss with
 * C = 1 and a bias feature, solved by dual coordinate descent (Hsieh et al. 2008, liblinear and
 * scikit-learn's `LinearSVC`). The class with the highest margin wins.
 */
export function trainLinearSvm(examples: ReferenceExample[], { seed = 1 } = {}): ReferenceModel {
  const vocabulary = new Map<string, number>();
  const counted = examples.map((e) => countsOf(e.item));
  for (const counts of counted) {
    for (const word of counts.keys()) if (!vocabulary.has(word)) vocabulary.set(word, vocabulary.size);
  }
  const df = new Float64Array(vocabulary.size);
  for (const counts of counted) {
    for (const word of counts.keys()) {
      const id = vocabulary.get(word) as number;
      df[id] = (df[id] as number) + 1;
    }
  }
  const idf = Float64Array.from(df, (d) => Math.log((1 + examples.length) / (1 + d)) + 1);
  const bias = vocabulary.size;
  const vectorOf = (counts: Map<string, number>): Sparse => {
    const ids: number[] = [];
    const values: number[] = [];
    let norm = 0;
    for (const [word, n] of counts) {
      const id = vocabulary.get(word);
      if (id === undefined) continue;
      const x = n * (idf[id] as number);
      ids.push(id);
      values.push(x);
      norm += x * x;
    }
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let i = 0; i < values.length; i += 1) values[i] = (values[i] as number) * scale;
    ids.push(bias);
    values.push(1);
    return { ids, values };
  };
  const vectors = counted.map(vectorOf);
  const classes = [...new Set(examples.map((e) => e.label))].sort();
  const weights = classes.map((c) =>
    solve(
      vectors,
      examples.map((e) => (e.label === c ? 1 : -1)),
      bias + 1,
      seed,
    ),
  );
  return {
    predict(item) {
      const x = vectorOf(countsOf(item));
      let best: string | undefined;
      let bestScore = Number.NEGATIVE_INFINITY;
      classes.forEach((c, k) => {
        const score = dot(weights[k] as Float64Array, x);
        if (score > bestScore) {
          bestScore = score;
          best = c;
        }
      });
      return best;
    },
  };
}

function dot(w: Float64Array, x: Sparse): number {
  let sum = 0;
  for (let t = 0; t < x.ids.length; t += 1)
    sum += (w[x.ids[t] as number] as number) * (x.values[t] as number);
  return sum;
}

/** Dual coordinate descent for the L2-regularised squared-hinge SVM with C = 1. */
function solve(vectors: Sparse[], labels: number[], size: number, seed: number): Float64Array {
  const w = new Float64Array(size);
  const alpha = new Float64Array(vectors.length);
  const diagonal = 1 / 2; // 1 / (2C)
  const squares = vectors.map((x) => x.values.reduce((s, v) => s + v * v, 0) + diagonal);
  const order = vectors.map((_, i) => i);
  const random = seededRandom(seed);
  for (let epoch = 0; epoch < MAX_EPOCHS; epoch += 1) {
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    let worst = 0;
    for (const i of order) {
      const x = vectors[i] as Sparse;
      const y = labels[i] as number;
      const a = alpha[i] as number;
      const gradient = y * dot(w, x) - 1 + diagonal * a;
      const projected = a === 0 ? Math.min(gradient, 0) : gradient;
      worst = Math.max(worst, Math.abs(projected));
      if (Math.abs(projected) < 1e-12) continue;
      const next = Math.max(a - gradient / (squares[i] as number), 0);
      const step = (next - a) * y;
      alpha[i] = next;
      for (let t = 0; t < x.ids.length; t += 1) {
        const id = x.ids[t] as number;
        w[id] = (w[id] as number) + step * (x.values[t] as number);
      }
    }
    if (worst < TOLERANCE) break;
  }
  return w;
}
