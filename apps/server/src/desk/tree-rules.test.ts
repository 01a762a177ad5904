import { canContain } from '@easio/shared';
import { describe, expect, it } from 'vitest';
import { placementRefusal } from './tree-rules.js';

describe('what the desk tree allows', () => {
  it('puts drawers only in the root, binders only in drawers, items in any folder', () => {
    expect(canContain('root_object', 'drawer_object')).toBe(true);
    expect(canContain('drawer_object', 'drawer_object')).toBe(false);
    expect(canContain('binder_object', 'drawer_object')).toBe(false);
    expect(canContain('drawer_object', 'binder_object')).toBe(true);
    expect(canContain('root_object', 'binder_object')).toBe(false);
    for (const parent of ['root_object', 'drawer_object', 'binder_object'] as const) {
      expect(canContain(parent, 'file_object')).toBe(true);
    }
    expect(canContain('file_object', 'note_object')).toBe(false);
    expect(canContain('root_object', 'root_object')).toBe(false);
  });

  it('explains refusals in words', () => {
    expect(placementRefusal('binder_object', 'drawer_object')).toMatch(/Drawers stay on your desk/);
    expect(placementRefusal('note_object', 'file_object')).toBe('A note cannot hold items');
  });
});
