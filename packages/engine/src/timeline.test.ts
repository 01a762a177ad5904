import { describe, expect, it } from 'vitest';
import { familyOf, NEIGHBOURS, Timeline } from './timeline.js';
import type { EngineItem } from './types.js';

const DAY = 86_400_000;
const photo = (id: string, day: number): EngineItem => ({
  id,
  kind: 'file_object',
  name: `IMG_${id}.jpg`,
  source: 'gallery',
  mimeType: 'image/jpeg',
  date: Date.UTC(2024, 0, 1) + day * DAY,
});

describe('Timeline', () => {
  const filed = [
    ...[1, 2, 3, 4, 5, 6].map((d) => ({ item: photo(`goa${d}`, 60 + d), binderId: 'goa' })),
    ...[1, 2, 3, 4, 5, 6].map((d) => ({ item: photo(`party${d}`, 200 + d), binderId: 'party' })),
    { item: { ...photo('scan', 63), kind: 'note_object', mimeType: null }, binderId: 'notes' },
  ];

  it('gives the vote to the binders of the items of the same kind made closest in time', () => {
    const timeline = Timeline.of(filed);
    expect(timeline.votes(photo('x', 64))).toEqual(new Map([['goa', 1]]));
    const between = timeline.votes(photo('y', 130));
    expect([...between.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1);
    expect(timeline.votes({ ...photo('z', 64), date: null })).toEqual(new Map());
  });

  it('learns a new item in date order', () => {
    const timeline = Timeline.of(filed);
    for (let i = 0; i < NEIGHBOURS; i += 1) timeline.add(photo(`trip${i}`, 300 + i), 'trip');
    expect(timeline.votes(photo('later', 305))).toEqual(new Map([['trip', 1]]));
  });

  it('takes photos as one kind whatever their item kind', () => {
    expect(familyOf({ kind: 'file_object', mimeType: 'image/png' })).toBe('photo');
    expect(familyOf({ kind: 'file_object', mimeType: 'application/pdf' })).toBe('file_object');
  });
});
