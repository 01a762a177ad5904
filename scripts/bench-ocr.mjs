#!/usr/bin/env node
// `npm run bench:ocr`: reads, with the server's own OCR (apps/server/dist: tesseract.js worker threads,
// OCR_WORKERS of them, default 1), a 10-page image-only PDF scanned at 300 dpi and 50 phone-photo-sized
// (4032 × 3024) pictures of documents, then a landscape photo without text. Prints pages per second,
// this process's RSS before and at peak, and the character error rate on generated pages: clean (text
// drawn at 300 dpi) and degraded (noise, blur, turned 3°, JPEG at quality 55). Figures are printed, never
// asserted. The pictures and PDFs are made by apps/server/src/test/scanned-files.ts (loaded with tsx).
import { createOcrEngine } from '../apps/server/dist/processing/ocr/engine.js';
import { readFileText } from '../apps/server/dist/processing/ocr/read-file.js';
import {
  characterErrorRate,
  degraded,
  grayJpeg,
  landscapePhoto,
  scannedPdf,
  textPicture,
} from '../apps/server/src/test/scanned-files.ts';
import { watchRss } from './bench/peak-rss.mjs';

const WORKERS = Number(process.env.OCR_WORKERS ?? 1);
const PDF_PAGES = 10;
const PHOTOS = Number(process.env.PHOTOS ?? 50);
const EVAL_PAGES = 4;

const PROSE =
  `The harbour office wishes to inform all tenants that the annual inspection of the quay will take
place during the second week of March. Boats moored along the eastern wall should be moved to the
visitor pontoons before Monday morning. Invoices for the winter storage period have been sent by post
and are payable within thirty days. Please quote your berth number and the invoice reference on every
payment. The fuel dock will be closed on Tuesday and Wednesday while the pumps are replaced. We thank
you for your patience and look forward to another busy season. Questions about the new mooring
charges may be sent to the harbour master, who holds office hours every Thursday afternoon from two
until five o'clock. Lost keys, a blue rain jacket and a pair of binoculars have been handed in at the
reception desk and may be collected there. The car park barrier now opens with the same card as the
shower block. Residents are reminded that fishing from the visitor pontoons is not permitted.`
    .replace(/\s+/g, ' ')
    .split(' ');

/** `count` lines of about `perLine` words, starting at word `from` of the prose. */
function lines(count, perLine, from = 0) {
  return Array.from({ length: count }, (_, i) =>
    Array.from({ length: perLine }, (_, j) => PROSE[(from + i * perLine + j) % PROSE.length]).join(' '),
  );
}

const limits = { maxPages: 50 };
const round = (n, digits = 2) => Number(n.toFixed(digits));

async function timed(label, units, work) {
  globalThis.gc?.();
  const rss = watchRss();
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  const { said } = rss.stop();
  console.log(`${label}: ${units} in ${round(seconds, 1)} s = ${round(units / seconds)} pages/s; ${said}`);
  return result;
}

async function main() {
  console.log(`OCR_WORKERS=${WORKERS}; making the fixtures…`);
  // A letter page at 300 dpi: 24 lines of 10 pt text (42 px), as a grayscale JPEG.
  const pageTexts = Array.from({ length: PDF_PAGES }, (_, p) => lines(24, 11, p * 37));
  const pages = await Promise.all(
    pageTexts.map(async (text) => ({ jpeg: await grayJpeg(textPicture(text)) })),
  );
  const pdf = await scannedPdf(pages);
  // A phone photo of a document: 4032 × 3024, larger letters on off-white paper.
  const photoKinds = await Promise.all(
    Array.from({ length: 5 }, (_, k) =>
      grayJpeg(
        textPicture(lines(14, 9, k * 53), {
          width: 4032,
          height: 3024,
          fontPx: 70,
          margin: 300,
          background: '#eeeae0',
        }),
        85,
      ),
    ),
  );
  const landscape = await landscapePhoto(4032, 3024);
  const evalTexts = Array.from({ length: EVAL_PAGES }, (_, p) => lines(18, 11, 200 + p * 41));
  const clean = evalTexts.map((text) => textPicture(text));
  const poor = await Promise.all(clean.map((png, i) => degraded(png, { seed: i + 1 })));

  const engine = createOcrEngine({
    languages: ['eng'],
    workers: WORKERS,
    pageTimeoutMs: 120_000,
    idleMs: 2000,
  });
  try {
    const pdfRead = await timed(`${PDF_PAGES}-page scanned PDF (300 dpi)`, PDF_PAGES, () =>
      readFileText(engine, pdf, 'application/pdf', limits),
    );
    const pdfCer = characterErrorRate(
      pageTexts.flat().join('\n'),
      pdfRead.found === 'text' ? pdfRead.text : '',
    );
    console.log(
      `  read ${pdfRead.pages} pages, mean confidence ${round(pdfRead.confidence ?? 0, 1)}, character error rate ${round(pdfCer * 100)} %`,
    );

    let next = 0;
    const readPhotos = async () => {
      while (next < PHOTOS) {
        const photo = photoKinds[next++ % photoKinds.length];
        const read = await readFileText(engine, photo, 'image/jpeg', limits);
        if (read.found !== 'text') throw new Error('a photo of a document read as no text');
      }
    };
    await timed(`${PHOTOS} phone photos of documents (4032 × 3024)`, PHOTOS, () =>
      Promise.all(Array.from({ length: WORKERS }, readPhotos)),
    );

    const started = performance.now();
    const none = await readFileText(engine, landscape, 'image/jpeg', limits);
    console.log(
      `landscape photo without text (4032 × 3024): ${none.found} in ${Math.round(performance.now() - started)} ms`,
    );

    const cer = async (pictures, type) => {
      let sum = 0;
      for (const [i, picture] of pictures.entries()) {
        const read = await readFileText(engine, picture, type, limits);
        sum += characterErrorRate(evalTexts[i].join('\n'), read.found === 'text' ? read.text : '');
      }
      return (sum / pictures.length) * 100;
    };
    console.log(`character error rate, clean pages at 300 dpi: ${round(await cer(clean, 'image/png'))} %`);
    console.log(
      `character error rate, degraded (noise, blur, 3° turn, JPEG 55): ${round(await cer(poor, 'image/jpeg'))} %`,
    );

    const busy = process.memoryUsage().rss;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    globalThis.gc?.();
    console.log(
      `readers alive after 2.5 s idle: ${engine.alive}; RSS ${Math.round(busy / 1_048_576)} MB → ${Math.round(process.memoryUsage().rss / 1_048_576)} MB`,
    );
  } finally {
    await engine.close();
  }
}

await main();
