#!/usr/bin/env node
// `npm run eval:dates -- --count N --seed S --today YYYY-MM-DD`: how often the date a document is
// given (findDocumentDate) is the one it was written with, over generated invoices, receipts and
// letters in seven languages and many date formats. See apps/server/src/processing/date-eval/.
import { main } from '../apps/server/dist/processing/date-eval/evaluate.js';

process.exitCode = main(process.argv.slice(2));
