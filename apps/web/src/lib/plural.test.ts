import { describe, expect, it } from 'vitest';
import { countOf } from './plural';

describe('countOf', () => {
  it('says one thing and many things', () => {
    expect(countOf(1, 'event')).toBe('1 event');
    expect(countOf(0, 'event')).toBe('0 events');
    expect(countOf(3, 'photo')).toBe('3 photos');
    expect(countOf(2, 'person', 'people')).toBe('2 people');
  });
});
