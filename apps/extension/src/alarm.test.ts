import { describe, expect, it } from 'vitest';
import { ensureFlushAlarm, FLUSH_ALARM } from './alarm';

describe('the flush alarm', () => {
  it('is made when the background starts and it is missing, and left alone when it exists', async () => {
    const alarms = new Map<string, { periodInMinutes: number }>();
    const api = {
      get: async (name: string) => alarms.get(name),
      create: (name: string, info: { periodInMinutes: number }) => {
        alarms.set(name, info);
      },
    };
    expect(await ensureFlushAlarm(api)).toBe(true);
    expect(alarms.get(FLUSH_ALARM)).toEqual({ periodInMinutes: 1 });
    expect(await ensureFlushAlarm(api)).toBe(false);
  });
});
