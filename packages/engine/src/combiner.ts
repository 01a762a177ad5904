/**
 * What the engine knows of one item against the binders it may go to (`binders`, by number; the
 * others are left out of the choice: dismissed, hidden, or far from it): `signals` rows of one value
 * per candidate (a classifier's margin, a profile's similarity, the time neighbours' votes…),
 * flattened signal by signal: `values[s * binders.length + j]` for candidate `j`.
 */
export interface Evidence {
  binders: Int32Array;
  values: Float64Array;
}

/** The answer "none of these binders" in a fitting's truth (an item of a binder the models never saw). */
export const NONE = -1;

/** How strongly the weights are pulled to zero while fitting (a little, so a useless signal gets ~0). */
const RIDGE = 1e-4;
const NEWTON_STEPS = 30;
const MAX_STEP = 4;

/**
 * Weighs the signals into one choice (a conditional logit, McFadden's choice model) among the
 * allowed binders and "none of them": a binder's probability is exp(θ · its signals), none's is
 * exp(θ₀), over their sum. θ, one weight per signal shared by all binders, and θ₀ are fitted by
 * Newton's method on held-out items whose answer is known (filed items, and items of binders hidden
 * from the models, whose answer is none), so the weights are the desk's own (a signal that says
 * nothing there gets about nothing), the probabilities are calibrated on it, and an item unlike
 * every binder is seen to be so.
 */
export class Combiner {
  /** θ for each signal, then θ₀ (none's score). */
  readonly weights: Float64Array;

  constructor(
    readonly signals: number,
    weights?: Float64Array,
  ) {
    this.weights = weights ?? Combiner.defaults(signals);
  }

  /** Before any fitting: the first signal alone, and none as likely as a binder scoring 0. */
  static defaults(signals: number): Float64Array {
    const w = new Float64Array(signals + 1);
    w[0] = 1;
    return w;
  }

  /** Each candidate's combined score (a log-odds up to a constant), then none's, into `out`. */
  scores(e: Evidence, out: Float64Array = new Float64Array(e.binders.length + 1)): Float64Array {
    const k = e.binders.length;
    out.fill(0, 0, k + 1);
    for (let s = 0; s < this.signals; s += 1) {
      const w = this.weights[s] as number;
      if (w === 0) continue;
      for (let b = 0; b < k; b += 1) out[b] = (out[b] as number) + w * (e.values[s * k + b] as number);
    }
    out[k] = this.weights[this.signals] as number;
    return out;
  }

  /** Each candidate's probability for the item, then the probability it belongs in none, into `out`. */
  probabilities(e: Evidence, out: Float64Array = new Float64Array(e.binders.length + 1)): Float64Array {
    return softmax(this.scores(e, out).subarray(0, e.binders.length + 1));
  }

  /** The value of parameter `s` for alternative `a` (a candidate, or `binders.length`: none). */
  private feature(e: Evidence, a: number, s: number): number {
    const k = e.binders.length;
    if (a === k) return s === this.signals ? 1 : 0;
    return s === this.signals ? 0 : (e.values[s * k + a] as number);
  }

  /**
   * Fits the weights to items whose answer is known: `truth[i]` is the binder of `evidence[i]` (one
   * of its candidates), or `NONE`. Without any item of none, θ₀ stays where the ridge holds it.
   */
  static fit(evidence: Evidence[], truth: number[], signals: number): Combiner {
    const combiner = new Combiner(signals);
    const theta = combiner.weights;
    if (evidence.length === 0) return combiner;
    const n = signals + 1;
    const answers = evidence.map((e, i) =>
      truth[i] === NONE ? e.binders.length : e.binders.indexOf(truth[i] as number),
    );
    const p = new Float64Array(Math.max(...evidence.map((e) => e.binders.length)) + 1);
    const mean = new Float64Array(n);
    for (let step = 0; step < NEWTON_STEPS; step += 1) {
      const gradient = new Float64Array(n);
      const hessian = new Float64Array(n * n);
      evidence.forEach((e, i) => {
        const y = answers[i] as number;
        if (y < 0) return;
        combiner.probabilities(e, p);
        const alternatives = e.binders.length + 1;
        for (let s = 0; s < n; s += 1) {
          let m = 0;
          for (let a = 0; a < alternatives; a += 1) {
            const pa = p[a] as number;
            if (pa > 0) m += pa * combiner.feature(e, a, s);
          }
          mean[s] = m;
          gradient[s] = (gradient[s] as number) + combiner.feature(e, y, s) - m;
        }
        for (let a = 0; a < alternatives; a += 1) {
          const pa = p[a] as number;
          if (pa < 1e-12) continue;
          for (let s = 0; s < n; s += 1) {
            const ds = combiner.feature(e, a, s) - (mean[s] as number);
            if (ds === 0) continue;
            for (let t = s; t < n; t += 1) {
              const dt = combiner.feature(e, a, t) - (mean[t] as number);
              hessian[s * n + t] = (hessian[s * n + t] as number) + pa * ds * dt;
            }
          }
        }
      });
      const count = evidence.length;
      for (let s = 0; s < n; s += 1) {
        gradient[s] = (gradient[s] as number) / count - RIDGE * (theta[s] as number);
        for (let t = s; t < n; t += 1) {
          const h = (hessian[s * n + t] as number) / count + (s === t ? RIDGE : 0);
          hessian[s * n + t] = h;
          hessian[t * n + s] = h;
        }
      }
      const delta = solve(hessian, gradient, n);
      let size = 0;
      for (let s = 0; s < n; s += 1) size = Math.max(size, Math.abs(delta[s] as number));
      // Damped: a long step on a nearly separable desk would overshoot.
      const scale = size > MAX_STEP ? MAX_STEP / size : 1;
      for (let s = 0; s < n; s += 1) theta[s] = (theta[s] as number) + scale * (delta[s] as number);
      if (size < 1e-4) break;
    }
    return combiner;
  }
}

/** In place: exp(x − max) scaled to sum 1 (−∞ stays 0). */
export function softmax(x: Float64Array): Float64Array {
  let max = Number.NEGATIVE_INFINITY;
  for (const v of x) if (v > max) max = v;
  if (max === Number.NEGATIVE_INFINITY) return x.fill(0);
  let sum = 0;
  for (let i = 0; i < x.length; i += 1) {
    const e = Math.exp((x[i] as number) - max);
    x[i] = e;
    sum += e;
  }
  for (let i = 0; i < x.length; i += 1) x[i] = (x[i] as number) / sum;
  return x;
}

/** Solves the symmetric positive definite system A x = b (Cholesky), A of size n × n. */
function solve(a: Float64Array, b: Float64Array, n: number): Float64Array {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i += 1) {
    for (let j = 0; j <= i; j += 1) {
      let sum = a[i * n + j] as number;
      for (let k = 0; k < j; k += 1) sum -= (l[i * n + k] as number) * (l[j * n + k] as number);
      l[i * n + j] = i === j ? Math.sqrt(Math.max(sum, 1e-12)) : sum / (l[j * n + j] as number);
    }
  }
  const y = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    let sum = b[i] as number;
    for (let k = 0; k < i; k += 1) sum -= (l[i * n + k] as number) * (y[k] as number);
    y[i] = sum / (l[i * n + i] as number);
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i -= 1) {
    let sum = y[i] as number;
    for (let k = i + 1; k < n; k += 1) sum -= (l[k * n + i] as number) * (x[k] as number);
    x[i] = sum / (l[i * n + i] as number);
  }
  return x;
}
