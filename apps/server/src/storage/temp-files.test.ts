import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  makeTempFolder,
  processTempFolder,
  removeProcessTempFolder,
  setTempRoot,
  sweepStaleTempFolders,
  tempFilePath,
} from './temp-files.js';

/** A pid no process has: one that just exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('temporary files', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'easio-temp-test-'));
    setTempRoot(root);
  });
  afterEach(async () => {
    await removeProcessTempFolder();
    await rm(root, { recursive: true, force: true });
  });

  it('keeps them in a folder of this process under the root', async () => {
    const file = await tempFilePath('restore', '.zip');
    expect(path.dirname(path.dirname(file))).toBe(root);
    expect(path.basename(path.dirname(file))).toMatch(new RegExp(`^${process.pid}-[0-9a-f]{8}$`));
    expect(path.basename(file)).toMatch(/^restore-[0-9a-f-]{36}\.zip$/);
    const folder = await makeTempFolder('mail');
    expect(path.dirname(folder)).toBe(await processTempFolder());
    expect(await readdir(path.dirname(folder))).toEqual([path.basename(folder)]);
  });

  it('removes at start what dead processes left, and nothing of running ones', async () => {
    const dead = path.join(root, `${deadPid()}-0badf00d`);
    // This pid's folder from an earlier life (a container restarted with the same pid).
    const earlierLife = path.join(root, `${process.pid}-0000beef`);
    const running = path.join(root, `${process.ppid}-12345678`);
    const notOurs = path.join(root, 'something-else');
    for (const dir of [dead, earlierLife, running, notOurs]) {
      await mkdir(dir);
      await writeFile(path.join(dir, 'left.zip'), 'bytes');
    }
    const mine = await processTempFolder();
    await writeFile(path.join(mine, 'in-use.zip'), 'bytes');

    expect(await sweepStaleTempFolders()).toBe(2);
    expect((await readdir(root)).sort()).toEqual(
      [path.basename(running), path.basename(mine), 'something-else'].sort(),
    );
    expect(await readdir(mine)).toEqual(['in-use.zip']);
  });

  it('removes its own folder at shutdown', async () => {
    await makeTempFolder('parts');
    await removeProcessTempFolder();
    expect(await readdir(root)).toEqual([]);
  });

  it('finds nothing to sweep when the root does not exist yet', async () => {
    setTempRoot(path.join(root, 'not-made'));
    expect(await sweepStaleTempFolders()).toBe(0);
  });
});
