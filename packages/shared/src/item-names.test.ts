import { describe, expect, it } from 'vitest';
import { isNamedByText, nameFromText, textNameFallback } from './item-names.js';

describe('names from text', () => {
  it('takes the first line that says something, cut at 80 characters', () => {
    expect(nameFromText('\n  \n  Groceries  \nmilk', 'Note')).toBe('Groceries');
    expect(nameFromText('', 'Note')).toBe('Note');
    expect(nameFromText('x'.repeat(100), 'Note')).toBe(`${'x'.repeat(79)}…`);
  });

  it('tells a note never named (its name is its first line) from one its user named', () => {
    const note = { data_type: 'note_object' as const, url: null };
    expect(isNamedByText({ ...note, name: 'Groceries', content: 'Groceries\nmilk' })).toBe(true);
    expect(isNamedByText({ ...note, name: 'Note', content: '   ' })).toBe(true);
    expect(isNamedByText({ ...note, name: 'Weekly', content: 'Groceries\nmilk' })).toBe(false);
    const urlNote = { data_type: 'url_note_object' as const, url: 'https://example.com/' };
    expect(isNamedByText({ ...urlNote, name: 'https://example.com/', content: '' })).toBe(true);
    expect(textNameFallback(urlNote)).toBe('https://example.com/');
    // Only notes take their names from their text.
    expect(isNamedByText({ data_type: 'file_object', name: 'a', content: 'a', url: null })).toBe(false);
  });
});
