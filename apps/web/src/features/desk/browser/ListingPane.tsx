import type { DeskObject } from '@easio/shared';
import { Stack } from '@mantine/core';
import { type ReactNode, useCallback, useState } from 'react';
import { toastError } from '../../../lib/toast';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useObjectActions } from '../actions/use-object-actions';
import { useOpenObject } from '../links';
import type { Listing } from '../queries';
import { type BrowserView, ObjectBrowser } from './ObjectBrowser';
import { SelectionBar } from './SelectionBar';
import type { SelectionApi } from './use-selection';

interface Props {
  label: string;
  objects: DeskObject[];
  listing: Listing;
  selection: SelectionApi;
  view: BrowserView;
  draggable: boolean;
  droppable: boolean;
  empty: ReactNode;
  total?: number | null;
  /** The same filter `objects` went through, for "select all" over pages not loaded yet. */
  keep?: (object: DeskObject) => boolean;
  /** An object to select and scroll to once listed. */
  reveal?: string | null;
  /** Cards under headings (the gallery's months). */
  groupOf?: (object: DeskObject) => string;
  /** The listing's filters, sort and view, in the bar above it. */
  tools?: ReactNode;
}

/** A listing with its selection bar, its actions and their dialogs. */
export function ListingPane({ keep, tools, ...props }: Props) {
  const { selection, listing, objects } = props;
  const open = useOpenObject();
  const touch = useIsPhone();
  const [selectMode, setSelectMode] = useState(false);
  // On a phone, choosing items is a mode (entered by Select or a long press) that ends with the action.
  const selecting = touch && (selectMode || selection.selected.length > 0);
  const actions = useObjectActions(
    useCallback(
      (action: string) => {
        if (action === 'move' || action === 'delete') {
          selection.clear();
          setSelectMode(false);
        }
      },
      [selection.clear],
    ),
  );
  const [selectingAll, setSelectingAll] = useState(false);

  const selectAll = useCallback(async () => {
    if (!listing.hasNextPage) {
      selection.selectIds(objects.map((o) => o.id));
      return;
    }
    setSelectingAll(true);
    try {
      const all = await listing.loadAll();
      selection.selectIds(all.filter((o) => keep?.(o) ?? true).map((o) => o.id));
    } catch (error) {
      toastError(error);
    } finally {
      setSelectingAll(false);
    }
  }, [selection, listing, objects, keep]);

  const toggleAll = () => {
    if (selection.state === 'all' && !listing.hasNextPage) selection.clear();
    else void selectAll();
  };

  return (
    <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
      <SelectionBar
        selected={selection.selected}
        state={selection.state}
        disabled={objects.length === 0}
        selectingAll={selectingAll}
        downloading={actions.downloading}
        tools={tools}
        touch={touch}
        selecting={selecting}
        onSelecting={setSelectMode}
        onToggleAll={toggleAll}
        onClear={selection.clear}
        onAction={actions.run}
      />
      <ObjectBrowser
        {...props}
        touch={touch}
        selecting={selecting}
        onLongPress={(object) => {
          setSelectMode(true);
          selection.click(object.id, { toggle: true });
        }}
        onOpen={open}
        onAction={actions.run}
        onSelectAll={() => void selectAll()}
      />
      {actions.dialogs}
    </Stack>
  );
}
