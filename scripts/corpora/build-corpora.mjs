#!/usr/bin/env node
// `npm run corpora -- OUTDIR [--only NAME]`: builds real labelled corpora for `npm run eval:recommend
// -- --corpus OUTDIR/<corpus>` from public text on this machine (Debian's apt archive), each as
// OUTDIR/<corpus>/<drawer>/<binder>/<opaquely named files>. Sampling is seeded, over sorted inputs,
// so the same machine state gives the same corpora. Installs nothing: when an input is missing it
// prints the apt command that provides it and exits 1. One module per corpus, in this folder.
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as debianChanges from './debian-changes.mjs';
import * as debianDescriptions from './debian-descriptions.mjs';
import * as fortunes from './fortunes.mjs';
import { writeCorpus } from './lib.mjs';
import * as manPages from './man-pages.mjs';
import * as pythonDocs from './python-docs.mjs';

const CORPORA = [debianDescriptions, debianChanges, pythonDocs, manPages, fortunes];
const USAGE = `usage: node scripts/corpora/build-corpora.mjs OUTDIR [--only NAME]...
corpora: ${CORPORA.map((c) => c.name).join(', ')}`;

function parse() {
  try {
    return parseArgs({ allowPositionals: true, options: { only: { type: 'string', multiple: true } } });
  } catch (error) {
    console.error(`${error.message}\n${USAGE}`);
    process.exit(2);
  }
}

const { values, positionals } = parse();
const unknown = (values.only ?? []).filter((n) => !CORPORA.some((c) => c.name === n));
if (positionals.length !== 1 || unknown.length) {
  console.error(`${unknown.length ? `unknown corpus: ${unknown.join(', ')}\n` : ''}${USAGE}`);
  process.exit(2);
}
const outDir = path.resolve(positionals[0]);
const chosen = CORPORA.filter((c) => !values.only || values.only.includes(c.name));

const missing = chosen.flatMap((c) => c.missing().map((line) => `  ${c.name}: ${line}`));
if (missing.length) {
  console.error(`Missing inputs; run (as root) first:\n${missing.join('\n')}`);
  process.exit(1);
}

for (const corpus of chosen) {
  const started = Date.now();
  const counts = writeCorpus(outDir, corpus.name, await corpus.build());
  const files = [...counts.values()].reduce((a, b) => a + b, 0);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`\n${corpus.name}: ${files} files in ${counts.size} binders (${seconds} s)`);
  for (const [binder, n] of counts) console.log(`  ${String(n).padStart(5)}  ${binder}`);
}
console.log(`\nWritten to ${outDir}`);
