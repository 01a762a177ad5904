import { describe, expect, it } from 'vitest';
import { countOf, plural } from './plural';

describe('countOf', () => {
  it('says one thing and many things', () => {
    expect(countOf(1, 'event')).toBe('1 event');
    expect(countOf(0, 'event')).toBe('0 events');
    expect(countOf(3, 'photo')).toBe('3 photos');
    expect(countOf(2, 'person', 'people')).toBe('2 people');
  });
});

describe('plural', () => {
  it('picks the noun (or words) that go with a count', () => {
    expect(plural(1, 'item')).toBe('item');
    expect(plural(0, 'item')).toBe('items');
    expect(plural(1200, 'item')).toBe('items');
    expect(plural(1, 'it was', 'they were')).toBe('it was');
    expect(plural(2, 'it was', 'they were')).toBe('they were');
  });
});
