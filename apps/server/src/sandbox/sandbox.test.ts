import { afterEach, describe, expect, it } from 'vitest';
import type { tasks } from '../test/sandbox-tasks.js';
import { createSandbox, type Sandbox, SandboxFailure, taskModule } from './sandbox.js';

const TASKS = taskModule<typeof tasks>(new URL('../test/sandbox-tasks.js', import.meta.url));

describe('the sandbox', () => {
  let sandbox: Sandbox;
  afterEach(() => sandbox.close());

  it('runs a task in a worker and answers its value, bytes in and out', async () => {
    sandbox = createSandbox({ workers: 1, memoryMb: 192 });
    expect(await sandbox.run(TASKS, 'echo', { text: 'hi', bytes: Buffer.from('four') })).toEqual({
      text: 'HI',
      length: 4,
    });
  });

  it('passes a task’s own error on, and keeps the worker', async () => {
    sandbox = createSandbox({ workers: 1, memoryMb: 192 });
    await expect(sandbox.run(TASKS, 'fail', undefined)).rejects.toThrow('The file is damaged');
    await expect(sandbox.run(TASKS, 'fail', undefined)).rejects.not.toBeInstanceOf(SandboxFailure);
    expect(sandbox.stats()).toMatchObject({ started: 1, failed: 0 });
  });

  it('ends a worker that runs out of memory: that task fails as too large, the next runs in a new one', async () => {
    sandbox = createSandbox({ workers: 1, memoryMb: 192 });
    const failure = await sandbox.run(TASKS, 'hog', undefined).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SandboxFailure);
    expect((failure as SandboxFailure).reason).toBe('memory');
    expect((failure as Error).message).toBe('The file is too large once unpacked to be read here');
    expect(await sandbox.run(TASKS, 'echo', { text: 'after', bytes: new Uint8Array(0) })).toMatchObject({
      text: 'AFTER',
    });
    expect(sandbox.stats()).toMatchObject({ started: 2, failed: 1, alive: 1 });
  });

  it('ends a worker whose buffers grow past its memory, which no heap limit sees', async () => {
    sandbox = createSandbox({ workers: 1, memoryMb: 192 });
    const failure = await sandbox.run(TASKS, 'inflate', undefined).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SandboxFailure);
    expect((failure as SandboxFailure).reason).toBe('memory');
    expect(await sandbox.run(TASKS, 'count', undefined)).toBe(1);
  });

  it('ends a worker that overruns its time, even one that never yields', async () => {
    sandbox = createSandbox({ workers: 1, memoryMb: 192, timeoutMs: 60_000 });
    const failure = await sandbox
      .run(TASKS, 'spin', undefined, { timeoutMs: 300 })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SandboxFailure);
    expect((failure as Error).message).toBe('The file took too long to read');
    expect(await sandbox.run(TASKS, 'count', undefined)).toBe(1);
  });

  it('runs tasks side by side up to its workers, the rest in turn', async () => {
    sandbox = createSandbox({ workers: 2, memoryMb: 192 });
    const stuck = sandbox.run(TASKS, 'spin', undefined, { timeoutMs: 1500 }).catch(() => 'ended');
    // One worker is stuck; the other takes these, one after another.
    const counts = await Promise.all([1, 2, 3].map(() => sandbox.run(TASKS, 'count', undefined)));
    expect(counts).toEqual([1, 2, 3]);
    expect(await stuck).toBe('ended');
  });

  it('gives memory back: a worker left large, or that sat idle, is ended', async () => {
    sandbox = createSandbox({ workers: 1, memoryMb: 512, retireAboveMb: 160, idleMs: 200 });
    await sandbox.run(TASKS, 'grow', { mb: 160 });
    expect(sandbox.stats().alive).toBe(0);
    await sandbox.run(TASKS, 'count', undefined);
    expect(sandbox.stats().alive).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sandbox.stats()).toMatchObject({ alive: 0, started: 2 });
  });

  it('fails what is waiting once closed', async () => {
    sandbox = createSandbox({ workers: 1, memoryMb: 192 });
    const running = sandbox.run(TASKS, 'spin', undefined).catch((error: Error) => error.message);
    const waiting = sandbox.run(TASKS, 'count', undefined).catch((error: Error) => error.message);
    await sandbox.close();
    expect(await running).toBe('The sandbox is closed');
    expect(await waiting).toBe('The sandbox is closed');
  });
});
