import { describe, expect, it } from 'vitest';
import { sectionOf } from './sections';

describe('sectionOf', () => {
  it('finds the desk section of an address, whatever its case', () => {
    expect(sectionOf('/my-desk')).toBe('all');
    expect(sectionOf('/my-desk/my-content')).toBe('all');
    expect(sectionOf('/my-desk/my-content/0b4f1c1e-6f43-4d1b-9a0e-0e3e4d1c2b3a')).toBe('all');
    expect(sectionOf('/my-desk/DRIVE')).toBe('drive');
    expect(sectionOf('/my-desk/whatsApp')).toBe('whatsApp');
  });
  it('marks no section on the search results', () => {
    expect(sectionOf('/my-desk/search')).toBeNull();
  });
});
