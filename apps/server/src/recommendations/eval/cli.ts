import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type DateMode, type Evaluation, evaluate } from '@easio/engine';
import { readCorpus } from './read-corpus.js';
import { type Flavour, writeSyntheticCorpus } from './write-corpus.js';

export const USAGE = `npm run eval:recommend -- [--corpus DIR] [--filed-fraction F] [--seed S] [--seeds N]
                        [--dates file|none|random] [--baseline]
       npm run eval:recommend -- --write-synthetic DIR [--flavour tuning|holdout] [--seed S]

  --corpus DIR          a folder tree DIR/<drawer>/<binder>/<files> (default: the synthetic
                        holdout desk for the seed, written to a temporary folder)
  --filed-fraction F    the share of each binder filed as the user's own filing, 0 < F < 1 (0.8)
  --seed S              a whole number choosing the split and the simulated reviews (1)
  --seeds N             runs seeds S … S+N−1 and reports the mean and the spread (1)
  --dates MODE          how items are dated: file (as the files say: modification time, a mail's
                        Date), none, or random (over four years, seeded) (file)
  --baseline            also trains textbook references on the same split (multinomial naive
                        Bayes, a linear SVM) and prints their top-1 beside the engine's
  --write-synthetic DIR writes the synthetic desk there as files, and stops
  --flavour             which synthetic family: tuning (what the engine was tuned on) or holdout`;

export class UsageError extends Error {}

export interface EvalArgs {
  corpus: string | null;
  filedFraction: number;
  seed: number;
  seeds: number;
  dates: DateMode;
  baseline: boolean;
  writeSynthetic: string | null;
  flavour: Flavour;
}

export function parseEvalArgs(argv: string[]): EvalArgs {
  let values: ReturnType<typeof parse>['values'];
  function parse() {
    return parseArgs({
      args: argv,
      strict: true,
      options: {
        corpus: { type: 'string' },
        'filed-fraction': { type: 'string', default: '0.8' },
        seed: { type: 'string', default: '1' },
        seeds: { type: 'string', default: '1' },
        dates: { type: 'string', default: 'file' },
        baseline: { type: 'boolean', default: false },
        'write-synthetic': { type: 'string' },
        flavour: { type: 'string', default: 'holdout' },
      },
    });
  }
  try {
    values = parse().values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const filedFraction = Number(values['filed-fraction']);
  if (!(filedFraction > 0 && filedFraction < 1)) {
    throw new UsageError(
      `--filed-fraction must be a number between 0 and 1 (exclusive), not "${values['filed-fraction']}"`,
    );
  }
  const seed = Number(values.seed);
  if (!Number.isSafeInteger(seed))
    throw new UsageError(`--seed must be a whole number, not "${values.seed}"`);
  const seeds = Number(values.seeds);
  if (!Number.isSafeInteger(seeds) || seeds < 1 || seeds > 100) {
    throw new UsageError(`--seeds must be a whole number from 1 to 100, not "${values.seeds}"`);
  }
  const dates = values.dates;
  if (dates !== 'file' && dates !== 'none' && dates !== 'random') {
    throw new UsageError(`--dates must be file, none or random, not "${dates}"`);
  }
  const flavour = values.flavour;
  if (flavour !== 'tuning' && flavour !== 'holdout') {
    throw new UsageError(`--flavour must be tuning or holdout, not "${flavour}"`);
  }
  return {
    corpus: values.corpus ?? null,
    filedFraction,
    seed,
    seeds,
    dates,
    baseline: values.baseline ?? false,
    writeSynthetic: values['write-synthetic'] ?? null,
    flavour,
  };
}

const percent = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The figures of several seeds: the mean, and the lowest and highest (the spread). */
export interface Summary {
  mean: Evaluation;
  low: Evaluation;
  high: Evaluation;
  seeds: number[];
}

const FIGURES = [
  'top1',
  'top3',
  'drawer_top1',
  'coverage',
  'precision',
  'ari',
  'name_hit3',
  'empty_top1',
] as const;

/** Mean, lowest and highest of each figure over the seeds' evaluations. */
export function summarise(runs: Evaluation[], seeds: number[]): Summary {
  const pick = (f: (xs: number[]) => number) => {
    const out = { ...(runs[0] as Evaluation) };
    for (const key of FIGURES) out[key] = f(runs.map((r) => r[key]));
    out.probe = f(runs.map((r) => r.probe));
    out.rounds = (runs[0]?.rounds ?? []).map((_, i) => f(runs.map((r) => r.rounds[i] ?? 0)));
    if (runs[0]?.baseline) {
      out.baseline = {
        nb: f(runs.map((r) => r.baseline?.nb ?? 0)),
        linear: f(runs.map((r) => r.baseline?.linear ?? 0)),
      };
    }
    out.train_ms = f(runs.map((r) => r.train_ms ?? 0));
    out.predict_ms = f(runs.map((r) => r.predict_ms ?? 0));
    return out;
  };
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
  return { mean: pick(mean), low: pick((xs) => Math.min(...xs)), high: pick((xs) => Math.max(...xs)), seeds };
}

/** The human summary printed before the JSON line. */
export function summary(corpus: string, s: Summary, args: Pick<EvalArgs, 'filedFraction' | 'dates'>): string {
  const e = s.mean;
  const range = (key: (typeof FIGURES)[number]) =>
    s.seeds.length > 1 ? ` (${percent(s.low[key])}–${percent(s.high[key])})` : '';
  const seeds =
    s.seeds.length > 1
      ? `seeds ${s.seeds[0]}–${s.seeds.at(-1)}, mean (lowest–highest)`
      : `seed ${s.seeds[0]}`;
  const lines = [
    `Corpus ${corpus}: ${e.items} items in ${e.binders} binders; ${percent(args.filedFraction)} of each binder filed; dates: ${args.dates}; ${seeds}.`,
    `Binder first:     ${percent(e.top1)}${range('top1')}   among first three: ${percent(e.top3)}${range('top3')}   drawer first: ${percent(e.drawer_top1)}`,
  ];
  if (e.baseline) {
    const error = (x: number) => 1 - x;
    const best = Math.max(e.baseline.nb, e.baseline.linear);
    lines.push(
      `References on the same split: naive Bayes ${percent(e.baseline.nb)}, linear SVM ${percent(e.baseline.linear)}; the engine's error is ${(error(e.top1) / Math.max(1e-9, error(best))).toFixed(2)} × the best one's.`,
    );
  }
  lines.push(
    `Proposed for a binder: ${percent(e.coverage)}${range('coverage')} of the unfiled items, ${percent(e.precision)}${range('precision')} of them rightly (the rest left for new groups).`,
    `Binders held out entirely: grouping (adjusted Rand index) ${e.ari.toFixed(3)}; own name among the first three offered: ${percent(e.name_hit3)}; put back empty, their items filed into them by name: ${percent(e.empty_top1)}.`,
    `Binder first after each round of simulated review (over the items never reviewed; ${percent(e.probe)} before): ${e.rounds.map(percent).join(' → ') || 'none'}`,
    `Training ${Math.round(e.train_ms ?? 0)} ms, ranking every unfiled item ${Math.round(e.predict_ms ?? 0)} ms.`,
  );
  return lines.join('\n');
}

/** Runs the evaluation the arguments ask for; answers the lines to print (the JSON line last). */
export async function runEval(args: EvalArgs, warn: (line: string) => void): Promise<string[]> {
  if (args.writeSynthetic) {
    const written = await writeSyntheticCorpus(args.writeSynthetic, {
      seed: args.seed,
      flavour: args.flavour,
    });
    return [`Wrote ${written.files} files in ${written.binders} binders to ${args.writeSynthetic}`];
  }
  if (!args.corpus) {
    const written = await mkdtemp(path.join(tmpdir(), 'easio-eval-'));
    try {
      await writeSyntheticCorpus(written, { seed: args.seed, flavour: args.flavour });
      warn(
        `No --corpus given: evaluating the synthetic ${args.flavour} desk (written to a temporary folder)`,
      );
      return await evaluateFolder(written, args, warn);
    } finally {
      await rm(written, { recursive: true, force: true });
    }
  }
  return evaluateFolder(args.corpus, args, warn);
}

async function evaluateFolder(
  corpus: string,
  args: EvalArgs,
  warn: (line: string) => void,
): Promise<string[]> {
  const items = await readCorpus(corpus, { onSkip: (file, reason) => warn(`skipped ${file}: ${reason}`) });
  const binders = new Set(items.map((l) => `${l.drawer}/${l.binder}`));
  if (items.length < 2 || binders.size < 2) {
    throw new UsageError(
      `${corpus} holds ${items.length} files in ${binders.size} binders: it needs DIR/<drawer>/<binder>/<files> with at least two binders`,
    );
  }
  const seeds = Array.from({ length: args.seeds }, (_, i) => args.seed + i);
  const runs = seeds.map((seed) =>
    evaluate(items, {
      filedFraction: args.filedFraction,
      seed,
      dates: args.dates,
      baseline: args.baseline,
      clock: () => performance.now(),
    }),
  );
  const s = summarise(runs, seeds);
  const result = s.mean;
  const json = {
    items: result.items,
    binders: result.binders,
    top1: round(result.top1),
    top3: round(result.top3),
    drawer_top1: round(result.drawer_top1),
    ari: round(result.ari),
    train_ms: Math.round(result.train_ms ?? 0),
    predict_ms: Math.round(result.predict_ms ?? 0),
    rounds: result.rounds.map(round),
    coverage: round(result.coverage),
    precision: round(result.precision),
    name_hit3: round(result.name_hit3),
    empty_top1: round(result.empty_top1),
    ...(result.baseline
      ? { baseline: { nb: round(result.baseline.nb), linear: round(result.baseline.linear) } }
      : {}),
    seeds,
    ...(seeds.length > 1 ? { top1_range: [round(s.low.top1), round(s.high.top1)] } : {}),
  };
  return [summary(corpus, s, args), JSON.stringify(json)];
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;

/** The command line: prints the summary and the JSON line, or the problem and the usage (exit 2). */
export async function main(argv: string[]): Promise<number> {
  try {
    const lines = await runEval(parseEvalArgs(argv), (line) => console.error(line));
    for (const line of lines) console.log(line);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || (error as NodeJS.ErrnoException).code === 'ENOENT') {
      console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
}
