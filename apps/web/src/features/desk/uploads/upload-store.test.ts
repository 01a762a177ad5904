import type { DeskObject, UploadResult } from '@easio/shared';
import { describe, expect, it, vi } from 'vitest';
import { createUploadStore, type UploadDeps } from './upload-store';

interface Pending {
  name: string;
  signal: AbortSignal;
  progress: (loaded: number, total: number) => void;
  resolve: (result: UploadResult) => void;
  reject: (error: unknown) => void;
}

const existing = { id: '00000000-0000-4000-8000-000000000001', name: 'old.txt' } as DeskObject;

function setup() {
  const pending: Pending[] = [];
  const deps: UploadDeps = {
    upload: ({ file, signal, onProgress }) =>
      new Promise<UploadResult>((resolve, reject) => {
        pending.push({ name: file.name, signal, progress: onProgress, resolve, reject });
        signal.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')));
      }),
    link: vi.fn(async () => existing),
    onLanded: vi.fn(),
    onBatchDone: vi.fn(),
    describeError: (error) => (error instanceof Error ? error.message : 'failed'),
  };
  const store = createUploadStore(deps);
  const file = (name: string, size = 100) => new File(['x'.repeat(size)], name);
  const flush = () => new Promise((r) => setTimeout(r, 0));
  return { pending, deps, store, file, flush };
}

describe('upload store', () => {
  it('uploads three at a time and starts the next when one ends', async () => {
    const { pending, store, file, flush, deps } = setup();
    store.add(
      ['a', 'b', 'c', 'd', 'e'].map((n) => file(n)),
      'parent',
    );
    expect(pending.map((p) => p.name)).toEqual(['a', 'b', 'c']);
    expect(store.getSnapshot().active).toBe(5);

    pending[0]?.resolve({ items: [existing], duplicates: [] });
    await flush();
    expect(pending.map((p) => p.name)).toEqual(['a', 'b', 'c', 'd']);
    expect(store.getSnapshot().tasks[0]?.state).toBe('done');
    expect(deps.onLanded).toHaveBeenCalledTimes(1);

    for (const p of pending.slice(1)) p.resolve({ items: [existing], duplicates: [] });
    await flush();
    pending[4]?.resolve({ items: [existing], duplicates: [] });
    await flush();
    expect(store.getSnapshot().active).toBe(0);
    expect(deps.onBatchDone).toHaveBeenCalledWith(5, 0);
  });

  it('tracks progress per file and overall', () => {
    const { pending, store, file } = setup();
    store.add([file('a', 100), file('b', 300)], 'parent');
    pending[0]?.progress(50, 100);
    pending[1]?.progress(150, 300);
    const { tasks, progress } = store.getSnapshot();
    expect(tasks.map((t) => t.loaded)).toEqual([50, 150]);
    expect(progress).toBeCloseTo(0.5);
  });

  it('cancels an upload under way and one still waiting', async () => {
    const { pending, store, file, flush } = setup();
    store.add(
      ['a', 'b', 'c', 'd'].map((n) => file(n)),
      'parent',
    );
    const d = store.getSnapshot().tasks[3];
    store.cancel(d?.id ?? '');
    expect(store.getSnapshot().tasks[3]?.state).toBe('canceled');
    store.cancel(store.getSnapshot().tasks[0]?.id ?? '');
    expect(pending[0]?.signal.aborted).toBe(true);
    await flush();
    expect(store.getSnapshot().tasks[0]?.state).toBe('canceled');
    expect(pending).toHaveLength(3);
  });

  it('reports a refusal with its reason', async () => {
    const { pending, store, file, flush, deps } = setup();
    store.add([file('big')], 'parent');
    pending[0]?.reject(new Error('File is too large'));
    await flush();
    expect(store.getSnapshot().tasks[0]).toMatchObject({ state: 'failed', error: 'File is too large' });
    expect(deps.onBatchDone).toHaveBeenCalledWith(0, 1);
  });

  it('keeps a refused duplicate as a link, or skips it', async () => {
    const { pending, store, file, flush, deps } = setup();
    store.add([file('copy.txt'), file('again.txt')], 'parent');
    pending[0]?.resolve({ items: [], duplicates: [{ name: 'copy.txt', existing }] });
    pending[1]?.resolve({ items: [], duplicates: [{ name: 'again.txt', existing }] });
    await flush();
    const [first, second] = store.getSnapshot().tasks;
    expect(first?.state).toBe('duplicate');
    store.resolveDuplicate(first?.id ?? '', 0, 'link');
    store.resolveDuplicate(second?.id ?? '', 0, 'skip');
    await flush();
    expect(deps.link).toHaveBeenCalledWith({ object_id: existing.id, parent_id: 'parent', name: 'copy.txt' });
    const tasks = store.getSnapshot().tasks;
    expect(tasks[0]?.duplicates[0]?.resolution).toBe('linked');
    expect(tasks[1]?.duplicates[0]?.resolution).toBe('skipped');
    store.clearFinished();
    expect(store.getSnapshot().tasks).toHaveLength(0);
  });
});
