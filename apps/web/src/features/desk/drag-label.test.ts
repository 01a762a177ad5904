import { describe, expect, it } from 'vitest';
import { dragLabel } from './drag-label';

describe('dragLabel', () => {
  it('keeps a name of 8 characters or fewer as it is', () => {
    expect(dragLabel('')).toBe('');
    expect(dragLabel('a.pdf')).toBe('a.pdf');
    expect(dragLabel('12345678')).toBe('12345678');
  });

  it('adds an ellipsis past 8 characters, keeping up to 25', () => {
    expect(dragLabel('123456789')).toBe('123456789…');
    expect(dragLabel('a'.repeat(25))).toBe(`${'a'.repeat(25)}…`);
  });

  it('cuts a longer name or url to 25 characters plus the ellipsis', () => {
    expect(dragLabel('quarterly-report-final-version-2.pdf')).toBe('quarterly-report-final-ve…');
    expect(dragLabel('https://example.com/a/very/long/path')).toBe('https://example.com/a/ver…');
  });
});
