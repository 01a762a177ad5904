import type { SparseVector } from './vectors.js';

/**
 * A training example: an item's vector, its class, and how much it counts (1 for a plain filing);
 * or, `refusal`, a class it does not belong to (a dismissed proposal), trained against that class only.
 */
export interface Example {
  vector: SparseVector;
  label: number;
  weight: number;
  refusal?: boolean;
}

export interface TrainOptions {
  /** The soft-margin cost: how much a misfiled training item costs against a simple model. */
  cost: number;
  /** Passes over the examples at most (the solver stops sooner once nothing moves). */
  epochs: number;
  /** Examples are visited in an order this draws (seeded, so training is deterministic). */
  random: () => number;
  /**
   * With many classes, each example is trained against its own class and only that class's rivals
   * (the classes most alike to it; the rest are far and would not move): by class.
   */
  rivals?: Int32Array[];
}

/** Stop when no example's projected gradient exceeds this (liblinear's dual solvers use 0.1). */
const TOLERANCE = 0.1;
/** An unused place in an example's list of classes. */
const NONE = -1;
/** Weights kept at most (feature rows × classes, 4 bytes each): 64 MB, whatever the desk. */
const MAX_WEIGHTS = 1 << 24;

/**
 * One linear support vector machine per class against the rest (squared hinge loss, L2
 * regularisation, a bias), trained by dual coordinate descent (Hsieh et al. 2008, as liblinear):
 * every step optimises one example's dual variable for one class exactly, so training converges in
 * a few passes and learning one more example later is the same step again (incremental).
 *
 * Weights are stored feature-major (each feature's weights for every class side by side), so an
 * item's scores for all classes are one contiguous sweep per feature. Features are folded into at
 * most `MAX_WEIGHTS / classes` rows (feature hashing), so memory stays bounded on a desk with many
 * binders and a large vocabulary.
 */
export class LinearModel {
  private readonly mask: number;
  private readonly weights: Float32Array;
  private readonly bias: Float64Array;

  constructor(
    readonly classes: number,
    features: number,
  ) {
    let rows = 1;
    while (rows < features && rows * 2 * Math.max(1, classes) <= MAX_WEIGHTS) rows *= 2;
    this.mask = rows - 1;
    this.weights = new Float32Array(rows * Math.max(1, classes));
    this.bias = new Float64Array(classes);
  }

  /** Every class's margin for a vector, into `out` (length `classes`). */
  scores(v: SparseVector, out: Float64Array): Float64Array {
    const k = this.classes;
    out.set(this.bias);
    const w = this.weights;
    const { ids, values } = v;
    for (let t = 0; t < ids.length; t += 1) {
      const x = values[t] as number;
      const row = ((ids[t] as number) & this.mask) * k;
      for (let c = 0; c < k; c += 1) out[c] = (out[c] as number) + x * (w[row + c] as number);
    }
    return out;
  }

  /** One class's margin for a vector. */
  score(v: SparseVector, c: number): number {
    return this.scoreAt(this.rowsOf(v), v.values, c);
  }

  /** Where each of a vector's features' weights start (its row × classes): worked out once per training item. */
  rowsOf(v: SparseVector, into?: Int32Array): Int32Array {
    const rows =
      into && into.length >= v.ids.length ? into.subarray(0, v.ids.length) : new Int32Array(v.ids.length);
    for (let t = 0; t < rows.length; t += 1) rows[t] = ((v.ids[t] as number) & this.mask) * this.classes;
    return rows;
  }

  /** One class's margin for a vector given by its rows (`rowsOf`) and values. */
  scoreAt(rows: Int32Array, values: Float64Array, c: number): number {
    const w = this.weights;
    // Four sums at once: each addition need not wait for the one before (a third faster).
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    const n = rows.length;
    let t = 0;
    for (; t + 3 < n; t += 4) {
      s0 += (values[t] as number) * (w[(rows[t] as number) + c] as number);
      s1 += (values[t + 1] as number) * (w[(rows[t + 1] as number) + c] as number);
      s2 += (values[t + 2] as number) * (w[(rows[t + 2] as number) + c] as number);
      s3 += (values[t + 3] as number) * (w[(rows[t + 3] as number) + c] as number);
    }
    for (; t < n; t += 1) s0 += (values[t] as number) * (w[(rows[t] as number) + c] as number);
    return (this.bias[c] as number) + s0 + s1 + s2 + s3;
  }

  /** Adds `step ×` the vector (by its rows) to class `c`'s weights, and `step` to its bias. */
  addAt(rows: Int32Array, values: Float64Array, c: number, step: number): void {
    const w = this.weights;
    for (let t = 0; t < rows.length; t += 1) {
      const at = (rows[t] as number) + c;
      w[at] = (w[at] as number) + step * (values[t] as number);
    }
    this.bias[c] = (this.bias[c] as number) + step;
  }

  /** Adds `step ×` the vector to class `c`'s weights (and `step` to its bias). */
  addScaled(v: SparseVector, c: number, step: number): void {
    this.addAt(this.rowsOf(v), v.values, c, step);
  }

  /**
   * One dual coordinate step: the example (`y` +1 for its class, −1 against) with dual variable
   * `alpha` for class `c`; answers the new `alpha` and its projected gradient's size.
   */
  private step(v: SparseVector, square: number, c: number, y: number, cost: number, alpha: number) {
    const diagonal = 1 / (2 * cost);
    const gradient = y * this.score(v, c) - 1 + diagonal * alpha;
    const projected = alpha === 0 ? Math.min(gradient, 0) : gradient;
    if (Math.abs(projected) < 1e-12) return { alpha, violation: 0 };
    const next = Math.max(alpha - gradient / (square + 1 + diagonal), 0);
    if (next !== alpha) this.addScaled(v, c, (next - alpha) * y);
    return { alpha: next, violation: Math.abs(projected) };
  }

  /**
   * Trains on the examples with one cost; `LinearTrainer` trains along several costs, each pass
   * starting from where the last stopped.
   */
  train(examples: Example[], options: TrainOptions): void {
    new LinearTrainer(this, examples, options).fit(options.cost, options.epochs);
  }

  /**
   * Learns one choice at once: a vector that belongs to class `label` (`belongs`), or that does not
   * (a dismissal). A few dual steps for that example alone: its class up, and (when it belongs) every
   * class that scores it too high down.
   */
  learn(v: SparseVector, label: number, belongs: boolean, cost: number): void {
    let square = 0;
    for (const x of v.values) square += x * x;
    if (!belongs) {
      let alpha = 0;
      for (let s = 0; s < 3; s += 1) alpha = this.step(v, square, label, -1, cost, alpha).alpha;
      return;
    }
    const scores = this.scores(v, new Float64Array(this.classes));
    for (let c = 0; c < this.classes; c += 1) {
      const y = c === label ? 1 : -1;
      if (y * (scores[c] as number) >= 1) continue;
      let alpha = 0;
      for (let s = 0; s < 3; s += 1) alpha = this.step(v, square, c, y, cost, alpha).alpha;
    }
  }
}

/**
 * Trains a `LinearModel` on a fixed set of examples, keeping each example's dual variables between
 * calls: fitting again with a larger cost starts from the last solution (a warm start along the
 * regularisation path), so trying several costs costs little more than the largest alone.
 */
export class LinearTrainer {
  private squares: Float64Array;
  private readonly width: number;
  private against: Int32Array;
  private alphas: Float64Array;
  private readonly order: number[];
  /** Each example's feature rows in the model (`LinearModel.rowsOf`). */
  private readonly rows: Int32Array[];
  private readonly examples: Example[];

  constructor(
    readonly model: LinearModel,
    examples: Example[],
    private readonly options: Pick<TrainOptions, 'random' | 'rivals'>,
  ) {
    const { rivals } = options;
    this.width = rivals ? 1 + Math.max(0, ...rivals.map((r) => r.length)) : model.classes;
    this.examples = [];
    this.squares = new Float64Array(0);
    this.against = new Int32Array(0);
    this.alphas = new Float64Array(0);
    this.order = [];
    this.rows = [];
    this.extend(examples, rivals);
  }

  /**
   * Adds examples, their dual variables at 0 (so the weights learned so far stay the solution's
   * start); with many classes, each trains against its class's `rivals` (at most the trainer's width).
   */
  extend(examples: Example[], rivals = this.options.rivals): void {
    const k = this.model.classes;
    const start = this.examples.length;
    const total = start + examples.length;
    const squares = new Float64Array(total);
    squares.set(this.squares);
    this.squares = squares;
    const against = new Int32Array(total * this.width).fill(NONE);
    against.set(this.against);
    this.against = against;
    const alphas = new Float64Array(total * this.width);
    alphas.set(this.alphas);
    this.alphas = alphas;
    examples.forEach((e, j) => {
      const i = start + j;
      let s = 0;
      for (const x of e.vector.values) s += x * x;
      this.squares[i] = s;
      // Each example's classes to train against: all of them, or (many classes) its own and its rivals.
      const row = i * this.width;
      if (e.refusal) this.against[row] = e.label;
      else if (!rivals) for (let c = 0; c < k; c += 1) this.against[row + c] = c;
      else {
        this.against[row] = e.label;
        this.against.set((rivals[e.label] ?? new Int32Array(0)).subarray(0, this.width - 1), row + 1);
      }
      this.examples.push(e);
      this.order.push(i);
      this.rows.push(this.model.rowsOf(e.vector));
    });
  }

  /** Passes of dual coordinate descent with this cost, until nothing moves or `epochs` are done. */
  fit(cost: number, epochs: number): void {
    const { examples, width, against, alphas, order, squares, model } = this;
    if (model.classes === 0 || examples.length === 0) return;
    const random = this.options.random;
    // Shrinking (as liblinear): a pair whose dual variable is 0 and whose gradient is past the last
    // pass's largest is set aside until the rest has converged, then everything is checked again.
    const idle = new Uint8Array(alphas.length);
    let ceiling = Number.POSITIVE_INFINITY;
    const full = width === model.classes;
    const margins = new Float64Array(model.classes);
    for (let epoch = 0; epoch < epochs; epoch += 1) {
      for (let i = order.length - 1; i > 0; i -= 1) {
        const j = Math.floor(random() * (i + 1));
        [order[i], order[j]] = [order[j] as number, order[i] as number];
      }
      let high = Number.NEGATIVE_INFINITY;
      let low = Number.POSITIVE_INFINITY;
      let shrunk = 0;
      for (const i of order) {
        const { vector, label, weight, refusal } = examples[i] as Example;
        const diagonal = 1 / (2 * cost * weight);
        // Every class at once when the example trains against all (one sweep over its features'
        // rows): each class's problem is its own, so updating one never changes another's margin.
        const all = full && !refusal ? model.scores(vector, margins) : null;
        for (let s = 0; s < width; s += 1) {
          const at = i * width + s;
          const c = against[at] as number;
          if (c === NONE) break;
          if (idle[at]) {
            shrunk += 1;
            continue;
          }
          const y = c === label && !refusal ? 1 : -1;
          const alpha = alphas[at] as number;
          const rows = this.rows[i] as Int32Array;
          const margin = all ? (all[c] as number) : model.scoreAt(rows, vector.values, c);
          const gradient = y * margin - 1 + diagonal * alpha;
          let projected = gradient;
          if (alpha === 0) {
            if (gradient > ceiling) {
              idle[at] = 1;
              shrunk += 1;
              continue;
            }
            projected = Math.min(gradient, 0);
          }
          if (projected > high) high = projected;
          if (projected < low) low = projected;
          if (Math.abs(projected) < 1e-12) continue;
          const next = Math.max(alpha - gradient / ((squares[i] as number) + 1 + diagonal), 0);
          if (next !== alpha) {
            model.addAt(rows, vector.values, c, (next - alpha) * y);
            alphas[at] = next;
          }
        }
      }
      if (high - low < TOLERANCE) {
        if (shrunk === 0) break;
        idle.fill(0);
        ceiling = Number.POSITIVE_INFINITY;
        continue;
      }
      ceiling = high > 0 ? high : Number.POSITIVE_INFINITY;
    }
  }
}
