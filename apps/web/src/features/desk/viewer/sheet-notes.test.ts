import { describe, expect, it } from 'vitest';
import { moreSheetsNote, sheetCutNote } from './sheet-notes';

const sheet = (rows: string[][], total_rows: number, total_columns: number) => ({
  name: 'Budget',
  rows,
  total_rows,
  total_columns,
});

describe('sheetCutNote', () => {
  it('says nothing when the sheet is shown whole', () => {
    expect(sheetCutNote(sheet([['a', 'b']], 1, 2))).toBeNull();
    expect(sheetCutNote(sheet([], 0, 0))).toBeNull();
  });
  it('says which rows and columns are shown of how many', () => {
    const rows = Array.from({ length: 500 }, () => ['x', 'y']);
    expect(sheetCutNote(sheet(rows, 1200, 2))).toBe(
      'Showing the first 500 of 1,200 rows. Download the file to see all of it.',
    );
    expect(sheetCutNote(sheet([['a', 'b']], 1, 80))).toBe(
      'Showing the first 2 of 80 columns. Download the file to see all of it.',
    );
    expect(sheetCutNote(sheet(rows, 501, 60))).toBe(
      'Showing the first 500 of 501 rows and the first 2 of 60 columns. Download the file to see all of it.',
    );
  });
});

describe('moreSheetsNote', () => {
  it('speaks only when sheets are left out', () => {
    expect(moreSheetsNote(2, 2)).toBeNull();
    expect(moreSheetsNote(5, 8)).toBe('Showing the first 5 of 8 sheets. Download the file to see them all.');
  });
});
