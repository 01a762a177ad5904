/** A row of the virtual grid: a group's heading (the gallery's months) or a run of cards. */
export type GridRow = { kind: 'header'; label: string } | { kind: 'items'; start: number; end: number };

export interface GridLayout {
  rows: GridRow[];
  /** The row each object (by its index in the listing) sits in. */
  rowOfIndex: number[];
}

/**
 * Lays a listing out as rows of `columns` cards; with `groupOf`, each run of objects with the same
 * group (the listing is already in that order) starts on a new row under its heading.
 */
export function gridRows<T>(
  objects: readonly T[],
  columns: number,
  groupOf?: (object: T) => string,
): GridLayout {
  const rows: GridRow[] = [];
  const rowOfIndex: number[] = new Array(objects.length);
  let group: string | null = null;
  let current: { kind: 'items'; start: number; end: number } | null = null;
  objects.forEach((object, index) => {
    const label = groupOf?.(object);
    if (label !== undefined && label !== group) {
      group = label;
      rows.push({ kind: 'header', label });
      current = null;
    }
    if (!current || current.end - current.start >= columns) {
      current = { kind: 'items', start: index, end: index };
      rows.push(current);
    }
    current.end = index + 1;
    rowOfIndex[index] = rows.length - 1;
  });
  return { rows, rowOfIndex };
}

/** The object above or below, in the same column where that row has one (the arrow keys). */
export function verticalNeighbour(layout: GridLayout, index: number, step: -1 | 1): number | null {
  const rowIndex = layout.rowOfIndex[index];
  const row = rowIndex === undefined ? undefined : layout.rows[rowIndex];
  if (rowIndex === undefined || row?.kind !== 'items') return null;
  const column = index - row.start;
  for (let r = rowIndex + step; r >= 0 && r < layout.rows.length; r += step) {
    const next = layout.rows[r];
    if (next?.kind === 'items') return Math.min(next.start + column, next.end - 1);
  }
  return null;
}
