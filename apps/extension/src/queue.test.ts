import type { ExtensionSave } from '@easio/shared';
import { describe, expect, it } from 'vitest';
import { EasioError } from './api';
import { createSaveQueue, type KeyValue, MAX_QUEUED } from './queue';

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
      sent.push(save.kind === 'note' ? save.text : '');
    });
    expect(sent).toEqual(['one', 'two']);
    expect(result).toEqual({ sent: 2, dropped: [], left: 1, signedOut: false });
    const [left] = await queue.list();
    expect(left).toMatchObject({ label: 'three', lastError: 'Easio cannot be reached: you may be offline' });
  });

  it('drops a save the server refuses for good, says why, and goes on', async () => {
    const queue = createSaveQueue(memory());
    await queue.add(note('gone binder'), 'gone binder', 'offline');
    await queue.add(note('fine'), 'fine', 'offline');
    const result = await queue.flush(async (save) => {
      if (save.kind === 'note' && save.text === 'gone binder') throw new EasioError('Not found', 404);
    });
    expect(result).toEqual({
      sent: 1,
      dropped: [{ label: 'gone binder', reason: 'Not found' }],
      left: 0,
      signedOut: false,
    });
  });

  it('stops when the token was revoked, keeping every save', async () => {
    const queue = createSaveQueue(memory());
    await queue.add(note('a'), 'a', 'offline');
    const result = await queue.flush(async () => {
      throw new EasioError('Sign in again', 401);
    });
    expect(result).toMatchObject({ sent: 0, left: 1, signedOut: true });
  });

  it('keeps the newest saves when it is full', async () => {
    const store = memory();
    const queue = createSaveQueue(store);
    for (let i = 0; i < MAX_QUEUED + 3; i++) await queue.add(note(`n${i}`), `n${i}`, 'offline');
    const list = await queue.list();
    expect(list).toHaveLength(MAX_QUEUED);
    expect(list[0]?.label).toBe('n3');
  });
});
