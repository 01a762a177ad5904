import { describe, expect, it } from 'vitest';
import { photoMonth } from './photo-month';

describe('photoMonth', () => {
  it('names the month and year a photo is listed under', () => {
    const label = photoMonth({ item_date: new Date(2026, 2, 14, 12).toISOString() });
    expect(label).toMatch(/2026/);
    expect(label).toBe(
      new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' }).format(new Date(2026, 2, 1)),
    );
    expect(photoMonth({ item_date: new Date(2026, 2, 31, 12).toISOString() })).toBe(label);
    expect(photoMonth({ item_date: 'never' })).toBe('Undated');
  });
});
