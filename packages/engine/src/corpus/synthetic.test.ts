import { describe, expect, it } from 'vitest';
import { type CorpusBinder, syntheticCorpus } from './synthetic.js';

const FLAVOURS = ['tuning', 'holdout'] as const;
const itemsOf = (corpus: CorpusBinder[]) => corpus.flatMap((b) => b.items);

describe('syntheticCorpus', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    for (const flavour of FLAVOURS) {
      expect(syntheticCorpus({ seed: 7, flavour })).toEqual(syntheticCorpus({ seed: 7, flavour }));
      expect(syntheticCorpus({ seed: 7, flavour })).not.toEqual(syntheticCorpus({ seed: 8, flavour }));
    }
  });

  for (const flavour of FLAVOURS) {
    describe(flavour, () => {
      const corpus = syntheticCorpus({ seed: 1, flavour });
      const items = itemsOf(corpus);

      it('has at least 500 items in at least 20 binders across 5 to 8 drawers', () => {
        expect(items.length).toBeGreaterThanOrEqual(500);
        expect(corpus.length).toBeGreaterThanOrEqual(20);
        const drawers = new Set(corpus.map((b) => b.drawer));
        expect(drawers.size).toBeGreaterThanOrEqual(5);
        expect(drawers.size).toBeLessThanOrEqual(8);
        expect(new Set(corpus.map((b) => `${b.drawer}/${b.binder}`)).size).toBe(corpus.length);
      });

      it('skews binder sizes, with a few tiny binders', () => {
        const sizes = corpus.map((b) => b.items.length);
        expect(Math.max(...sizes)).toBeGreaterThanOrEqual(5 * Math.min(...sizes));
        expect(sizes.filter((n) => n >= 3 && n <= 6).length).toBeGreaterThanOrEqual(2);
      });

      it('holds every kind of item', () => {
        const kinds = new Set(items.map((i) => i.kind));
        for (const kind of ['file_object', 'note_object', 'url_object', 'email_object']) {
          expect(kinds).toContain(kind);
        }
        expect(items.filter((i) => i.mimeType === 'image/jpeg').length).toBeGreaterThan(10);
        expect(items.filter((i) => i.mimeType === 'application/pdf').length).toBeGreaterThan(50);
      });

      it('gives unique ids, urls to links, senders to e-mails, and dates to all', () => {
        expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
        for (const item of items) {
          expect(item.id).toMatch(/^syn-1-h?\d+$/);
          expect(typeof item.date).toBe('number');
          expect(item.name.length).toBeGreaterThan(0);
          if (item.kind === 'url_object') expect(item.url).toMatch(/^https:\/\/[a-z0-9.-]+\//);
          if (item.kind === 'email_object') {
            expect(item.email?.from).toMatch(/<[^@\s]+@[^@\s]+>$/);
            expect(item.email?.subject).toBe(item.name);
          }
        }
      });

      it('is realistic: vague names, items without text, varied sources', () => {
        expect(items.some((i) => i.kind === 'file_object' && !i.text)).toBe(true);
        expect(
          items.filter((i) => /^(Scan|Document|scan|Untitled|download|attachment|CamScanner)/.test(i.name))
            .length,
        ).toBeGreaterThan(5);
        expect(new Set(items.map((i) => i.source)).size).toBeGreaterThanOrEqual(6);
      });

      it('keeps one main host per link binder', () => {
        for (const b of corpus) {
          const hosts = b.items.filter((i) => i.url).map((i) => /^https:\/\/([^/]+)/.exec(i.url ?? '')?.[1]);
          if (hosts.length < 5) continue;
          const counts = [...new Set(hosts)].map((h) => hosts.filter((x) => x === h).length);
          expect(Math.max(...counts) / hosts.length).toBeGreaterThan(0.5);
        }
      });
    });
  }

  it('gives the two flavours no binder name in common', () => {
    const names = (flavour: 'tuning' | 'holdout') =>
      new Set(syntheticCorpus({ seed: 1, flavour }).map((b) => b.binder));
    const tuning = names('tuning');
    for (const name of names('holdout')) expect(tuning.has(name)).toBe(false);
  });

  it('scales with perBinder', () => {
    const small = itemsOf(syntheticCorpus({ seed: 3, perBinder: 10 })).length;
    const large = itemsOf(syntheticCorpus({ seed: 3, perBinder: 60 })).length;
    expect(large).toBeGreaterThan(4 * small);
  });
});
