import { describe, expect, it } from 'vitest';
import {
  clickSelect,
  draggedIds,
  EMPTY_SELECTION,
  pruneSelection,
  rangeBetween,
  type Selection,
  selectionState,
  toggleAll,
} from './selection';

const order = ['a', 'b', 'c', 'd', 'e'];
const sel = (ids: string[], anchor: string | null = ids[0] ?? null): Selection => ({
  ids: new Set(ids),
  anchor,
});
const ids = (s: Selection) => [...s.ids].sort();

describe('rangeBetween', () => {
  it('is inclusive and works in both directions', () => {
    expect(rangeBetween(order, 'b', 'd')).toEqual(['b', 'c', 'd']);
    expect(rangeBetween(order, 'd', 'b')).toEqual(['b', 'c', 'd']);
    expect(rangeBetween(order, 'c', 'c')).toEqual(['c']);
  });
  it('is empty when an end is not listed', () => {
    expect(rangeBetween(order, 'x', 'b')).toEqual([]);
  });
});

describe('clickSelect', () => {
  it('a plain click selects only that object and sets the anchor', () => {
    const next = clickSelect(sel(['a', 'b']), order, 'd');
    expect(ids(next)).toEqual(['d']);
    expect(next.anchor).toBe('d');
  });

  it('ctrl/cmd-click toggles one object and keeps the rest', () => {
    const added = clickSelect(sel(['a']), order, 'c', { toggle: true });
    expect(ids(added)).toEqual(['a', 'c']);
    expect(added.anchor).toBe('c');
    const removed = clickSelect(added, order, 'a', { toggle: true });
    expect(ids(removed)).toEqual(['c']);
  });

  it('shift-click selects the range from the anchor, replacing the rest', () => {
    const next = clickSelect(sel(['b', 'e'], 'b'), order, 'd', { range: true });
    expect(ids(next)).toEqual(['b', 'c', 'd']);
    expect(next.anchor).toBe('b');
  });

  it('shift-click keeps the anchor so the range can be shortened', () => {
    const wide = clickSelect(sel(['b'], 'b'), order, 'e', { range: true });
    const narrow = clickSelect(wide, order, 'c', { range: true });
    expect(ids(narrow)).toEqual(['b', 'c']);
  });

  it('shift-click upwards works too', () => {
    expect(ids(clickSelect(sel(['d'], 'd'), order, 'a', { range: true }))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('ctrl+shift-click adds the range to the selection', () => {
    const next = clickSelect(sel(['a', 'c'], 'c'), order, 'e', { range: true, toggle: true });
    expect(ids(next)).toEqual(['a', 'c', 'd', 'e']);
  });

  it('shift-click without an anchor acts as a plain click', () => {
    const next = clickSelect(EMPTY_SELECTION, order, 'c', { range: true });
    expect(ids(next)).toEqual(['c']);
    expect(next.anchor).toBe('c');
  });

  it('shift-click with an anchor no longer listed acts as a plain click', () => {
    expect(ids(clickSelect(sel(['z'], 'z'), order, 'b', { range: true }))).toEqual(['b']);
  });
});

describe('toggleAll and selectionState', () => {
  it('selects all, then clears', () => {
    const all = toggleAll(EMPTY_SELECTION, order);
    expect(ids(all)).toEqual(order);
    expect(selectionState(all, order)).toBe('all');
    expect(toggleAll(all, order).ids.size).toBe(0);
  });
  it('selects all from a partial selection', () => {
    const partial = sel(['b']);
    expect(selectionState(partial, order)).toBe('some');
    expect(ids(toggleAll(partial, order))).toEqual(order);
  });
  it('says none for an empty list or selection', () => {
    expect(selectionState(EMPTY_SELECTION, order)).toBe('none');
    expect(selectionState(sel(['a']), [])).toBe('none');
    expect(toggleAll(EMPTY_SELECTION, []).ids.size).toBe(0);
  });
});

describe('pruneSelection', () => {
  it('drops ids that are no longer listed and an anchor with them', () => {
    const next = pruneSelection(sel(['a', 'x'], 'x'), order);
    expect(ids(next)).toEqual(['a']);
    expect(next.anchor).toBeNull();
  });
  it('returns the same object when nothing changes', () => {
    const same = sel(['a', 'b'], 'a');
    expect(pruneSelection(same, order)).toBe(same);
  });
});

describe('draggedIds', () => {
  it('drags the whole selection, in list order, when the grabbed object is selected', () => {
    expect(draggedIds(sel(['d', 'b']), order, 'd')).toEqual(['b', 'd']);
  });
  it('drags only the grabbed object when it is not selected', () => {
    expect(draggedIds(sel(['a', 'b']), order, 'e')).toEqual(['e']);
  });
});
