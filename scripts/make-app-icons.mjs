// Draws the installable app's icons (apps/web/public/icons) from the favicon's design: run once after
// changing apps/web/public/favicon.svg (`node scripts/make-app-icons.mjs`) and commit the PNGs.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve('apps/web/public/icons');
const BLUE = '#4959de';
const LINES = 'M9 11h14M9 16h10M9 21h14';

/** The favicon: a rounded tile with three lines. */
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${BLUE}"/><path d="${LINES}" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/></svg>`;
/** Maskable: the colour to the edges and the lines inside the middle 80 % (the safe zone). */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BLUE}"/><g transform="translate(16 16) scale(0.7) translate(-16 -16)"><path d="${LINES}" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/></g></svg>`;

await mkdir(OUT, { recursive: true });
const jobs = [
  ['icon-192.png', any, 192],
  ['icon-512.png', any, 512],
  ['maskable-192.png', maskable, 192],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
];
for (const [name, svg, size] of jobs) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(OUT, name));
  console.log(`${name} ${size}×${size}`);
}
