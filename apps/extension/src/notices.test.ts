import { describe, expect, it } from 'vitest';
import { createNotices, MAX_EVENTS } from './notices';
import type { KeyValue } from './queue';

function memory(): KeyValue {
  const data = new Map<string, unknown>();
  return {
    get: async (key) => structuredClone(data.get(key)),
    set: async (key, value) => {
      data.set(key, structuredClone(value));
    },
  };
}

/** A clock that moves a second at each reading, so notices sort as they were made. */
function clock() {
  let t = Date.parse('2026-01-01T10:00:00Z');
  return () => {
    t += 1000;
    return new Date(t);
  };
}

describe('notices kept for the popup', () => {
  it('keeps the last outcome of a menu save, dropped saves and saves sent to the desk, until dismissed', async () => {
    const notices = createNotices(memory(), undefined, clock());
    await notices.outcome('ok', 'Saved to Easio: First');
    await notices.dropped([{ label: 'Note “x”', reason: 'Note is too long' }]);
    await notices.outcome('error', 'Sign in to the extension with an API token from Settings › Sources');
    await notices.toDesk(['Kept anyway']);
    await notices.note('error', 'Easio signed the extension out');
    const { notices: list, earlier } = await notices.list();
    expect(list.map((n) => [n.tone, n.text])).toEqual([
      ['error', 'Note “x” was not saved: Note is too long'],
      ['error', 'Sign in to the extension with an API token from Settings › Sources'],
      ['info', 'The binder was deleted: Kept anyway was saved to your desk'],
      ['error', 'Easio signed the extension out'],
    ]);
    expect(earlier).toBe(0);
    await notices.dismiss(list[1]?.id ?? '');
    expect((await notices.list()).notices).toHaveLength(3);
    await notices.dismissAll();
    expect((await notices.list()).notices).toEqual([]);
  });

  it('keeps the newest events and counts the ones let go', async () => {
    const notices = createNotices(memory(), undefined, clock());
    await notices.dropped(
      Array.from({ length: MAX_EVENTS + 5 }, (_, i) => ({ label: `n${i}`, reason: 'refused' })),
    );
    const { notices: list, earlier } = await notices.list();
    expect(list).toHaveLength(MAX_EVENTS);
    expect(list[0]?.text).toBe('n5 was not saved: refused');
    expect(earlier).toBe(5);
  });
});
