import { describe, expect, it } from 'vitest';
import { gridRows, verticalNeighbour } from './grid-rows';

const photos = [
  '2026-11',
  '2026-11',
  '2026-11',
  '2026-10',
  '2026-09',
  '2026-09',
  '2026-09',
  '2026-09',
  '2026-09',
];

describe('gridRows', () => {
  it('fills rows of cards when there are no groups', () => {
    const { rows, rowOfIndex } = gridRows(photos, 4);
    expect(rows).toEqual([
      { kind: 'items', start: 0, end: 4 },
      { kind: 'items', start: 4, end: 8 },
      { kind: 'items', start: 8, end: 9 },
    ]);
    expect(rowOfIndex).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 2]);
  });

  it('starts each group on a new row under its heading', () => {
    const { rows, rowOfIndex } = gridRows(photos, 4, (month) => month);
    expect(rows).toEqual([
      { kind: 'header', label: '2026-11' },
      { kind: 'items', start: 0, end: 3 },
      { kind: 'header', label: '2026-10' },
      { kind: 'items', start: 3, end: 4 },
      { kind: 'header', label: '2026-09' },
      { kind: 'items', start: 4, end: 8 },
      { kind: 'items', start: 8, end: 9 },
    ]);
    expect(rowOfIndex).toEqual([1, 1, 1, 3, 5, 5, 5, 5, 6]);
  });

  it('moves up and down over headings, keeping the column where the row has one', () => {
    const layout = gridRows(photos, 4, (month) => month);
    expect(verticalNeighbour(layout, 2, 1)).toBe(3);
    expect(verticalNeighbour(layout, 3, 1)).toBe(4);
    expect(verticalNeighbour(layout, 7, 1)).toBe(8);
    expect(verticalNeighbour(layout, 6, -1)).toBe(3);
    expect(verticalNeighbour(layout, 1, -1)).toBeNull();
    expect(verticalNeighbour(layout, 8, 1)).toBeNull();
  });
});
