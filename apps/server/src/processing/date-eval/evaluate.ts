import { dayOrderOf, findDocumentDate } from '../document-date.js';
import { generate, type Sample } from './generate.js';

export interface Tally {
  right: number;
  total: number;
}

export interface Evaluation {
  overall: Tally;
  byFormat: Map<string, Tally>;
  byLanguage: Map<string, Tally>;
  byTemplate: Map<string, Tally>;
  /** Documents written in the account's region's conventions, and from another region. */
  byOrigin: Map<string, Tally>;
  /** Up to ten documents read wrong, with what was found. */
  misses: { sample: Sample; found: string | null }[];
}

const count = (tallies: Map<string, Tally>, key: string, right: boolean) => {
  const tally = tallies.get(key) ?? { right: 0, total: 0 };
  tally.total += 1;
  if (right) tally.right += 1;
  tallies.set(key, tally);
};

/** Reads each sample's date as processing does (its region, its language) and counts the right ones. */
export function evaluate(samples: Sample[], today: Date): Evaluation {
  const result: Evaluation = {
    overall: { right: 0, total: 0 },
    byFormat: new Map(),
    byLanguage: new Map(),
    byTemplate: new Map(),
    byOrigin: new Map(),
    misses: [],
  };
  for (const sample of samples) {
    const found =
      findDocumentDate(sample.text, { region: sample.region, languages: [sample.language], today })?.date ??
      null;
    const right = found === sample.expected;
    result.overall.total += 1;
    if (right) result.overall.right += 1;
    count(result.byFormat, sample.format, right);
    count(result.byLanguage, sample.language, right);
    count(result.byTemplate, sample.template, right);
    const abroad = dayOrderOf(sample.written) !== dayOrderOf(sample.region);
    count(
      result.byOrigin,
      abroad ? 'another date order than the account’s' : 'the account’s date order',
      right,
    );
    if (!right && result.misses.length < 10) result.misses.push({ sample, found });
  }
  return result;
}

export const percent = ({ right, total }: Tally) => (total === 0 ? 0 : (100 * right) / total);

function table(title: string, tallies: Map<string, Tally>): string {
  const rows = [...tallies].sort(([a], [b]) => a.localeCompare(b));
  const width = Math.max(title.length, ...rows.map(([k]) => k.length));
  return [
    `${title.padEnd(width)}  accuracy     n`,
    ...rows.map(
      ([key, tally]) =>
        `${key.padEnd(width)}  ${percent(tally).toFixed(1).padStart(7)} % ${String(tally.total).padStart(5)}`,
    ),
  ].join('\n');
}

/** `eval:dates [--count N] [--seed S] [--today YYYY-MM-DD]`: prints accuracy by format, language, template. */
export function main(argv: string[]): number {
  const option = (name: string, fallback: string) => {
    const at = argv.indexOf(`--${name}`);
    return at >= 0 ? (argv[at + 1] ?? fallback) : fallback;
  };
  const samples = Number(option('count', '5000'));
  const seed = Number(option('seed', '1'));
  const today = new Date(`${option('today', new Date().toISOString().slice(0, 10))}T12:00:00Z`);
  if (!Number.isInteger(samples) || samples < 1 || !Number.isInteger(seed) || Number.isNaN(today.getTime())) {
    console.error('usage: eval:dates [--count N] [--seed S] [--today YYYY-MM-DD]');
    return 2;
  }
  const started = performance.now();
  const result = evaluate(generate(samples, seed, today), today);
  const ms = performance.now() - started;
  console.log(table('format', result.byFormat));
  console.log();
  console.log(table('language', result.byLanguage));
  console.log();
  console.log(table('template', result.byTemplate));
  console.log();
  console.log(table('written in', result.byOrigin));
  console.log();
  for (const { sample, found } of result.misses) {
    console.log(
      `miss: expected ${sample.expected}, found ${found} (${sample.format}, written ${sample.written}/${sample.language}, read as ${sample.region})`,
    );
    console.log(`  ${sample.text.replaceAll('\n', ' | ')}`);
  }
  const overall = percent(result.overall);
  console.log(
    `overall ${overall.toFixed(2)} % of ${result.overall.total} documents (seed ${seed}), ${(ms / samples).toFixed(3)} ms a document`,
  );
  return overall >= 95 ? 0 : 1;
}
