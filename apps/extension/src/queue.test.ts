import type { ExtensionSave } from '@easio/shared';
import { describe, expect, it } from 'vitest';
import { EasioError } from './api';
import { createSaveQueue, type DroppedSave, type KeyValue, MAX_QUEUE_BYTES, MAX_QUEUED } from './queue';

function memory(): KeyValue & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: async (key) => structuredClone(data.get(key)),
    set: async (key, value) => {
      data.set(key, structuredClone(value));
    },
  };
}
const note = (text: string): ExtensionSave => ({ kind: 'note', client_id: crypto.randomUUID(), text });
const textOf = (save: ExtensionSave) => (save.kind === 'note' ? save.text : '');

/** A send that waits until released: a slow network. */
function slowSend() {
  const sent: string[] = [];
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let started = () => {};
  const running = new Promise<void>((resolve) => {
    started = resolve;
  });
  return {
    sent,
    release,
    running,
    send: async (save: ExtensionSave) => {
      started();
      await gate;
      sent.push(textOf(save));
    },
  };
}

describe('the offline queue', () => {
  it('sends what waits in order, once each, and keeps what still cannot be sent', async () => {
    const queue = createSaveQueue(memory());
    await queue.add(note('one'), 'one', 'offline');
    await queue.add(note('two'), 'two', 'offline');
    await queue.add(note('three'), 'three', 'offline');
    const sent: string[] = [];
    let online = 2;
    const result = await queue.flush(async (save) => {
      if (online-- <= 0) throw new EasioError('Easio cannot be reached: you may be offline', null);
      sent.push(textOf(save));
    });
    expect(sent).toEqual(['one', 'two']);
    expect(result).toEqual({
      sent: 2,
      dropped: [],
      toDesk: [],
      left: 1,
      signedOut: false,
      stoppedBy: 'Easio cannot be reached: you may be offline',
    });
    const [left] = await queue.list();
    expect(left).toMatchObject({ label: 'three', lastError: 'Easio cannot be reached: you may be offline' });
  });

  it('drops a save the server refuses for good, says why (to the listener too), and goes on', async () => {
    const told: DroppedSave[] = [];
    const queue = createSaveQueue(memory(), { onDropped: (d) => void told.push(...d) });
    await queue.add(note('too long'), 'too long', 'offline');
    await queue.add(note('fine'), 'fine', 'offline');
    const result = await queue.flush(async (save) => {
      if (textOf(save) === 'too long') throw new EasioError('Note is too long', 422);
    });
    expect(result).toMatchObject({
      sent: 1,
      dropped: [{ label: 'too long', reason: 'Note is too long' }],
      left: 0,
    });
    expect(told).toEqual([{ label: 'too long', reason: 'Note is too long' }]);
  });

  it('tells which saves went to the desk because their binder was deleted', async () => {
    const queue = createSaveQueue(memory());
    await queue.add(note('orphan'), 'orphan', 'offline');
    const result = await queue.flush(async () => ({ folder_missing: true }));
    expect(result).toMatchObject({ sent: 1, toDesk: ['orphan'], left: 0 });
  });

  it('stops when the token was revoked, keeping every save', async () => {
    const queue = createSaveQueue(memory());
    await queue.add(note('a'), 'a', 'offline');
    const result = await queue.flush(async () => {
      throw new EasioError('Sign in again', 401);
    });
    expect(result).toMatchObject({ sent: 0, left: 1, signedOut: true, stoppedBy: 'Sign in again' });
  });

  it('keeps a save added while a slow flush runs', async () => {
    const queue = createSaveQueue(memory());
    await queue.add(note('first'), 'first', 'offline');
    const slow = slowSend();
    const flushing = queue.flush(slow.send);
    await slow.running;
    await queue.add(note('added meanwhile'), 'added meanwhile', 'offline');
    slow.release();
    const result = await flushing;
    // The flush reads the list afresh after each send: it sends the newcomer too, and loses nothing.
    expect(slow.sent).toEqual(['first', 'added meanwhile']);
    expect(result).toMatchObject({ sent: 2, left: 0 });
    expect(await queue.list()).toEqual([]);
  });

  it('keeps a save added during a flush that then stops, offline', async () => {
    const queue = createSaveQueue(memory());
    await queue.add(note('first'), 'first', 'offline');
    let started = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let fail = () => {};
    const failing = new Promise<void>((resolve) => {
      fail = resolve;
    });
    const flushing = queue.flush(async () => {
      started();
      await failing;
      throw new EasioError('offline', null);
    });
    await running;
    await queue.add(note('second'), 'second', 'offline');
    fail();
    await flushing;
    expect((await queue.list()).map((q) => q.label)).toEqual(['first', 'second']);
  });

  it('sends each save once when two flushes run at the same time (the popup and the alarm)', async () => {
    const store = memory();
    const queue = createSaveQueue(store);
    await queue.add(note('a'), 'a', 'offline');
    await queue.add(note('b'), 'b', 'offline');
    const sent: string[] = [];
    const send = async (save: ExtensionSave) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      sent.push(textOf(save));
    };
    const [one, two] = await Promise.all([queue.flush(send), queue.flush(send)]);
    expect(sent).toEqual(['a', 'b']);
    expect(one.sent + two.sent).toBe(2);
  });

  it('keeps the newest saves when it is full, and tells which were dropped', async () => {
    const told: DroppedSave[] = [];
    const queue = createSaveQueue(memory(), { onDropped: (d) => void told.push(...d) });
    for (let i = 0; i < MAX_QUEUED + 3; i++) await queue.add(note(`n${i}`), `n${i}`, 'offline');
    const list = await queue.list();
    expect(list).toHaveLength(MAX_QUEUED);
    expect(list[0]?.label).toBe('n3');
    expect(told.map((d) => d.label)).toEqual(['n0', 'n1', 'n2']);
    expect(told[0]?.reason).toBe('The offline list was full: the oldest saves made room for newer ones');
  });

  it('keeps what it holds under the storage quota: big saves push out the oldest, and one too big is not kept', async () => {
    const told: DroppedSave[] = [];
    const queue = createSaveQueue(memory(), { onDropped: (d) => void told.push(...d) });
    const big = (n: number) => note(`${n}`.padEnd(MAX_QUEUE_BYTES / 3, 'x'));
    for (let i = 0; i < 4; i++)
      expect(await queue.add(big(i), `big ${i}`, 'offline')).toEqual({ kept: true });
    // A third of the cap each, with their envelope: two fit.
    expect((await queue.list()).map((q) => q.label)).toEqual(['big 2', 'big 3']);
    expect(told.map((d) => d.label)).toEqual(['big 0', 'big 1']);
    const huge = note('x'.repeat(MAX_QUEUE_BYTES));
    expect(await queue.add(huge, 'huge', 'offline')).toEqual({ kept: false });
  });

  it('says so in plain words when the browser has no room left', async () => {
    const full: KeyValue = {
      get: async () => [],
      set: async () => {
        throw new Error('QUOTA_BYTES quota exceeded');
      },
    };
    await expect(createSaveQueue(full).add(note('x'), 'x', 'offline')).rejects.toThrow(
      'The browser has no room left to keep this save while Easio cannot be reached',
    );
  });
});
