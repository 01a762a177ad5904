import { describe, expect, it } from 'vitest';
import { updateObjectSchema } from './desk.js';

describe('the update of an object', () => {
  it('keeps each tag once, trimmed', () => {
    expect(updateObjectSchema.parse({ tags: [' a ', 'b', 'a'] })).toEqual({ tags: ['a', 'b'] });
  });

  it('carries the version an edit started from, but a version alone changes nothing', () => {
    expect(updateObjectSchema.parse({ content: 'x', version: 3 })).toEqual({ content: 'x', version: 3 });
    const alone = updateObjectSchema.safeParse({ version: 3 });
    expect(alone.success).toBe(false);
    expect(alone.error?.issues[0]?.message).toBe('Nothing to change');
    expect(updateObjectSchema.safeParse({ content: 'x', version: 0 }).success).toBe(false);
  });

  it('checks a place: point in range, a label', () => {
    const ok = { place: { latitude: 48.8, longitude: 2.3, label: ' Paris ' } };
    expect(updateObjectSchema.parse(ok)).toEqual({
      place: { latitude: 48.8, longitude: 2.3, label: 'Paris' },
    });
    const bad = updateObjectSchema.safeParse({ place: { latitude: 48.8, longitude: 200, label: '' } });
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'Longitude is between -180 and 180',
      'Label is required',
    ]);
  });
});
