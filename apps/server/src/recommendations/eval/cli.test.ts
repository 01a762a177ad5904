import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEvalArgs, runEval, UsageError } from './cli.js';
import { readCorpus } from './read-corpus.js';

describe('the eval:recommend command line', () => {
  it('takes the corpus, filed fraction and seed, with defaults', () => {
    expect(parseEvalArgs(['--corpus', 'x', '--filed-fraction', '0.5', '--seed', '3'])).toMatchObject({
      corpus: 'x',
      filedFraction: 0.5,
      seed: 3,
    });
    expect(parseEvalArgs([])).toMatchObject({
      corpus: null,
      filedFraction: 0.8,
      seed: 1,
      seeds: 1,
      dates: 'file',
      baseline: false,
      flavour: 'holdout',
    });
    expect(parseEvalArgs(['--seeds', '5', '--dates', 'random', '--baseline'])).toMatchObject({
      seeds: 5,
      dates: 'random',
      baseline: true,
    });
  });

  it('refuses bad arguments with a message', () => {
    for (const argv of [
      ['--filed-fraction', '1'],
      ['--filed-fraction', 'most'],
      ['--seed', '1.5'],
      ['--flavour', 'other'],
      ['--seeds', '0'],
      ['--dates', 'sometimes'],
      ['--unknown'],
    ]) {
      expect(() => parseEvalArgs(argv)).toThrow(UsageError);
    }
  });

  describe('on the synthetic desk written as files', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'easio-evaltest-'));
      await runEval(parseEvalArgs(['--write-synthetic', dir, '--flavour', 'holdout']), () => {});
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('writes at least 500 items in 20 binders, of every kind the product reads', async () => {
      const corpus = await readCorpus(dir);
      expect(corpus.length).toBeGreaterThanOrEqual(500);
      expect(new Set(corpus.map((l) => `${l.drawer}/${l.binder}`)).size).toBeGreaterThanOrEqual(20);
      const kinds = new Set(corpus.map((l) => (l.item.kind === 'url_object' ? 'link' : l.item.mimeType)));
      expect([...kinds].sort()).toEqual([
        'application/pdf',
        'image/jpeg',
        'link',
        'message/rfc822',
        'text/plain',
      ]);
      const photo = corpus.find((l) => l.item.mimeType === 'image/jpeg' && l.item.text);
      expect(photo?.item.text).toBeTruthy();
    });

    it('prints a summary, then one JSON line with every figure', async () => {
      const lines = await runEval(parseEvalArgs(['--corpus', dir, '--seed', '2']), () => {});
      expect(lines[0]).toMatch(/items in \d+ binders/);
      const figures = JSON.parse(lines.at(-1) ?? '');
      expect(Object.keys(figures)).toEqual([
        'items',
        'binders',
        'top1',
        'top3',
        'drawer_top1',
        'ari',
        'train_ms',
        'predict_ms',
        'rounds',
        'coverage',
        'precision',
        'name_hit3',
        'empty_top1',
        'seeds',
      ]);
      expect(figures.top1).toBeGreaterThan(0.5);
      expect(figures.top3).toBeGreaterThanOrEqual(figures.top1);
      expect(figures.rounds).toHaveLength(3);
      expect(figures.coverage).toBeGreaterThan(0);
      expect(figures.precision).toBeGreaterThan(figures.top1 - 0.1);
      expect(figures.seeds).toEqual([2]);
    });

    it('trains the textbook references on the same split, and reports the mean and spread of several seeds', async () => {
      const lines = await runEval(
        parseEvalArgs(['--corpus', dir, '--seed', '2', '--seeds', '2', '--baseline', '--dates', 'none']),
        () => {},
      );
      expect(lines[0]).toMatch(/seeds 2–3, mean \(lowest–highest\)/);
      expect(lines[0]).toMatch(/naive Bayes \d+\.\d%, linear SVM \d+\.\d%/);
      const figures = JSON.parse(lines.at(-1) ?? '');
      expect(figures.seeds).toEqual([2, 3]);
      expect(figures.baseline.nb).toBeGreaterThan(0.3);
      expect(figures.baseline.linear).toBeGreaterThan(0.3);
      expect(figures.top1_range[0]).toBeLessThanOrEqual(figures.top1);
      expect(figures.top1_range[1]).toBeGreaterThanOrEqual(figures.top1);
    });

    it('says what a corpus folder needs when it holds no binders', async () => {
      const empty = await mkdtemp(path.join(tmpdir(), 'easio-empty-'));
      await expect(runEval(parseEvalArgs(['--corpus', empty]), () => {})).rejects.toThrow(
        /at least two binders/,
      );
      await rm(empty, { recursive: true });
    });
  });

  it('evaluates the synthetic holdout desk when no corpus is given, and leaves no files behind', async () => {
    const temporary = async () => (await readdir(tmpdir())).filter((n) => n.startsWith('easio-eval-')).sort();
    const before = await temporary();
    const lines = await runEval(parseEvalArgs(['--seed', '3']), () => {});
    expect(JSON.parse(lines.at(-1) ?? '').items).toBeGreaterThanOrEqual(500);
    expect(await temporary()).toEqual(before);
  });
});
