import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Evaluation, evaluate } from '@easio/engine';
import { readCorpus } from './read-corpus.js';
import { type Flavour, writeSyntheticCorpus } from './write-corpus.js';

export const USAGE = `npm run eval:recommend -- [--corpus DIR] [--filed-fraction F] [--seed S]
       npm run eval:recommend -- --write-synthetic DIR [--flavour tuning|holdout] [--seed S]

  --corpus DIR          a folder tree DIR/<drawer>/<binder>/<files> (default: the synthetic
                        holdout desk for the seed, written to a temporary folder)
  --filed-fraction F    the share of each binder filed as the user's own filing, 0 < F < 1 (0.8)
  --seed S              a whole number choosing the split and the simulated reviews (1)
  --write-synthetic DIR writes the synthetic desk there as files, and stops
  --flavour             which synthetic family: tuning (what the engine was tuned on) or holdout`;

export class UsageError extends Error {}

export interface EvalArgs {
  corpus: string | null;
  filedFraction: number;
  seed: number;
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
  const flavour = values.flavour;
  if (flavour !== 'tuning' && flavour !== 'holdout') {
    throw new UsageError(`--flavour must be tuning or holdout, not "${flavour}"`);
  }
  return {
    corpus: values.corpus ?? null,
    filedFraction,
    seed,
    writeSynthetic: values['write-synthetic'] ?? null,
    flavour,
  };
}

const percent = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The human summary printed before the JSON line. */
export function summary(corpus: string, e: Evaluation, filedFraction: number): string {
  return [
    `Corpus ${corpus}: ${e.items} items in ${e.binders} binders; ${percent(filedFraction)} of each binder filed.`,
    `Binder first:     ${percent(e.top1)}   among first three: ${percent(e.top3)}   drawer first: ${percent(e.drawer_top1)}`,
    `Grouping of binders held out entirely (adjusted Rand index): ${e.ari.toFixed(3)}`,
    `Binder first after each round of simulated review (over the items never reviewed; ${percent(e.probe)} before): ${e.rounds.map(percent).join(' → ') || 'none'}`,
    `Training ${Math.round(e.train_ms ?? 0)} ms, ranking every unfiled item ${Math.round(e.predict_ms ?? 0)} ms.`,
  ].join('\n');
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
  const result = evaluate(items, {
    filedFraction: args.filedFraction,
    seed: args.seed,
    clock: () => performance.now(),
  });
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
  };
  return [summary(corpus, result, args.filedFraction), JSON.stringify(json)];
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
