#!/usr/bin/env node
// `npm run bench:recommend`: the recommendation engine's speed and memory at the size of a large desk.
// On the desk of bench/recommend-desk.mjs, times training (counting, validation, the classifier,
// profiles and side signals) and recommending (ranking every unfiled item, grouping and naming the
// rest), prints the process's peak RSS, then times learning one accept at a time. Figures are
// printed, never asserted. bench-recommend-server.mjs then times the same through the server's
// generation on a database.
import { Engine } from '@easio/engine';
import { BINDERS, binders, FILED, filed, UNFILED, unfiled } from './bench/recommend-desk.mjs';

let peak = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);
const t0 = performance.now();
const engine = Engine.train({ binders, filed, unfiled });
const trainMs = performance.now() - t0;
const t1 = performance.now();
const groups = engine.recommend(unfiled);
const recommendMs = performance.now() - t1;
// Learning one choice at once: 200 accepts, each of an unfiled item into the binder it was proposed for.
const learnMs = [];
for (const item of unfiled.slice(0, 200)) {
  const [best] = engine.rank(item, 1);
  const t = performance.now();
  engine.learn(item, best?.binderId ?? binders[0].id, 'accepted');
  learnMs.push(performance.now() - t);
}
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
learnMs.sort((a, b) => a - b);

const placed = groups.filter((g) => g.binderId !== null).reduce((n, g) => n + g.objectIds.length, 0);
console.log(
  `${FILED.toLocaleString('en-US')} filed in ${BINDERS} binders, ${UNFILED.toLocaleString('en-US')} unfiled`,
);
console.log(`train      ${trainMs.toFixed(0)} ms`);
console.log(
  `recommend  ${recommendMs.toFixed(0)} ms (${groups.length} groups; ${placed} items placed in binders)`,
);
console.log(
  `total      ${(trainMs + recommendMs).toFixed(0)} ms; peak RSS ${Math.round(peak / 1_048_576)} MB (including the generated items)`,
);
console.log(
  `learn one  ${(learnMs[learnMs.length >> 1] ?? 0).toFixed(2)} ms median, ${(learnMs.at(-1) ?? 0).toFixed(2)} ms at most (200 accepts)`,
);
