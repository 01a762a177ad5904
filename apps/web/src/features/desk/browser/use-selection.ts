import type { DeskObject } from '@easio/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  type ClickModifiers,
  clickSelect,
  draggedIds,
  EMPTY_SELECTION,
  pruneSelection,
  type Selection,
  selectionState,
} from '../selection';

export interface SelectionApi {
  selection: Selection;
  selected: DeskObject[];
  state: 'none' | 'some' | 'all';
  click: (id: string, modifiers: ClickModifiers) => void;
  selectIds: (ids: Iterable<string>) => void;
  clear: () => void;
  /** The objects a drag of `id` carries. */
  dragged: (id: string) => DeskObject[];
}

/** The selection over a listing; ids that leave the listing leave the selection. */
export function useSelection(objects: readonly DeskObject[]): SelectionApi {
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const order = useMemo(() => objects.map((o) => o.id), [objects]);
  const orderRef = useRef(order);
  orderRef.current = order;
  const byId = useMemo(() => new Map(objects.map((o) => [o.id, o])), [objects]);

  useEffect(() => {
    setSelection((current) => pruneSelection(current, order));
  }, [order]);

  const click = useCallback((id: string, modifiers: ClickModifiers) => {
    setSelection((current) => clickSelect(current, orderRef.current, id, modifiers));
  }, []);
  const selectIds = useCallback((ids: Iterable<string>) => {
    const set = new Set(ids);
    setSelection((current) => ({ ids: set, anchor: current.anchor ?? set.values().next().value ?? null }));
  }, []);
  const clear = useCallback(() => setSelection(EMPTY_SELECTION), []);
  const dragged = useCallback(
    (id: string) =>
      draggedIds(selection, orderRef.current, id)
        .map((each) => byId.get(each))
        .filter((o): o is DeskObject => o !== undefined),
    [selection, byId],
  );

  const selected = useMemo(() => objects.filter((o) => selection.ids.has(o.id)), [objects, selection]);
  return {
    selection,
    selected,
    state: selectionState(selection, order),
    click,
    selectIds,
    clear,
    dragged,
  };
}
