#!/usr/bin/env node
// `npm run eval:recommend -- --corpus DIR --filed-fraction F --seed S`: how well the recommendation
// engine files a folder tree DIR/<drawer>/<binder>/<files> read through the product's own text
// extraction. Prints a summary, then one JSON line last. See apps/server/src/recommendations/eval/cli.ts.
import { main } from '../apps/server/dist/recommendations/eval/cli.js';

process.exitCode = await main(process.argv.slice(2));
