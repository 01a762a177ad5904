/** Which objects are selected, and the anchor a shift-click extends a range from. */
export interface Selection {
  ids: ReadonlySet<string>;
  anchor: string | null;
}

export const EMPTY_SELECTION: Selection = { ids: new Set(), anchor: null };

export interface ClickModifiers {
  /** Shift: select the range from the anchor to here. */
  range?: boolean;
  /** Ctrl or Cmd (or the row's checkbox): add or remove just this one. */
  toggle?: boolean;
}

/** The ids from `a` to `b` inclusive, in list order; empty if either is not in the list. */
export function rangeBetween(order: readonly string[], a: string, b: string): string[] {
  const from = order.indexOf(a);
  const to = order.indexOf(b);
  if (from < 0 || to < 0) return [];
  return order.slice(Math.min(from, to), Math.max(from, to) + 1);
}

/**
 * A click on one object, like a file manager's: a plain click selects only it; ctrl/cmd toggles it;
 * shift selects the range from the anchor (replacing the rest, or adding to it with ctrl/cmd too).
 * The anchor moves on plain and toggle clicks, never on a range click, so ranges can be adjusted.
 */
export function clickSelect(
  selection: Selection,
  order: readonly string[],
  id: string,
  { range = false, toggle = false }: ClickModifiers = {},
): Selection {
  if (range && selection.anchor !== null && order.includes(selection.anchor)) {
    const span = rangeBetween(order, selection.anchor, id);
    const ids = new Set(toggle ? selection.ids : []);
    for (const each of span) ids.add(each);
    return { ids, anchor: selection.anchor };
  }
  if (toggle) {
    const ids = new Set(selection.ids);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    return { ids, anchor: id };
  }
  return { ids: new Set([id]), anchor: id };
}

/** The select-all checkbox: selects every object, or clears when all are already selected. */
export function toggleAll(selection: Selection, order: readonly string[]): Selection {
  if (order.length > 0 && order.every((id) => selection.ids.has(id))) return EMPTY_SELECTION;
  return { ids: new Set(order), anchor: selection.anchor ?? order[0] ?? null };
}

/** 'none', 'some' or 'all' of the listed objects are selected (for the select-all checkbox). */
export function selectionState(selection: Selection, order: readonly string[]): 'none' | 'some' | 'all' {
  let count = 0;
  for (const id of order) if (selection.ids.has(id)) count += 1;
  if (count === 0) return 'none';
  return count === order.length ? 'all' : 'some';
}

/** Drops ids no longer listed (after a delete, a move or a filter change); the same object if nothing changed. */
export function pruneSelection(selection: Selection, order: readonly string[]): Selection {
  if (selection.ids.size === 0) return selection;
  const listed = new Set(order);
  let changed = false;
  const ids = new Set<string>();
  for (const id of selection.ids) {
    if (listed.has(id)) ids.add(id);
    else changed = true;
  }
  const anchor = selection.anchor !== null && listed.has(selection.anchor) ? selection.anchor : null;
  if (!changed && anchor === selection.anchor) return selection;
  return { ids, anchor };
}

/** What a drag carries: the whole selection when the dragged object is in it, else just that object. */
export function draggedIds(selection: Selection, order: readonly string[], id: string): string[] {
  if (!selection.ids.has(id)) return [id];
  return order.filter((each) => selection.ids.has(each));
}
