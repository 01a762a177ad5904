// biome-ignore-all lint/a11y/useSemanticElements: a virtualised list positions its rows absolutely, so it is built from divs with the ARIA grid roles rather than a table.
// biome-ignore-all lint/a11y/useFocusableInteractive: the grid uses roving focus: one row or card at a time is tabbable, the arrow keys move between them.
import type { DeskObject } from '@easio/shared';
import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation } from 'react-router';
import { LoadError } from '../../../components/LoadError';
import { isFirstLocation } from '../../../lib/first-location';
import type { ObjectAction } from '../actions/use-object-actions';
import classes from '../desk.module.css';
import type { Listing } from '../queries';
import { gridRows, verticalNeighbour } from './grid-rows';
import type { ItemHandlers } from './handlers';
import { ObjectCard } from './ObjectCard';
import { ObjectRow } from './ObjectRow';
import { useFillHeight } from './use-fill-height';
import type { SelectionApi } from './use-selection';

export type BrowserView = 'list' | 'grid' | 'photos';

const LIST_ROW = 40;
/** A phone's row: the name on up to two lines, the date and kind below, a finger's height. */
const TOUCH_ROW = 68;
const LIST_HEADER = 32;
/** Room kept under the list on a phone for the bar of actions at the bottom. */
const TOUCH_BOTTOM_BAR = 72;
const GROUP_HEADER = 44;
const GRID_GAP = 16;
const CARD = { grid: { min: 176, height: 196 }, photos: { min: 220, height: 264 } } as const;
/** Start loading the next page this many rows before the end. */
const PREFETCH_ROWS = 10;

interface Props {
  label: string;
  objects: DeskObject[];
  listing: Pick<
    Listing,
    'isPending' | 'isError' | 'error' | 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage' | 'refetch'
  >;
  selection: SelectionApi;
  view: BrowserView;
  draggable: boolean;
  droppable: boolean;
  onOpen: (object: DeskObject) => void;
  onAction: (action: ObjectAction, objects: DeskObject[]) => void;
  onSelectAll: () => void;
  /** Phones: a tap opens (or, in select mode, chooses), a long press starts choosing. */
  touch: boolean;
  selecting: boolean;
  onLongPress: (object: DeskObject) => void;
  empty: ReactNode;
  /** Total in the folder when known, for screen readers' "row 3 of 10,000". */
  total?: number | null;
  /** An object to select, focus and scroll to once it is listed (loading further pages to find it). */
  reveal?: string | null;
  /** Cards under headings (the gallery's months): the group of each object, the listing being in that order. */
  groupOf?: (object: DeskObject) => string;
}

function useWidth(ref: React.RefObject<HTMLElement | null>) {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    setWidth(node.clientWidth);
    const observer = new ResizeObserver(() => setWidth(node.clientWidth));
    observer.observe(node);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * A listing as a virtualised list or grid: only the rows in view are in the page, the next page loads
 * as the end comes near, and the keyboard moves, selects and opens (arrows, shift, space, enter,
 * ctrl/cmd+A, delete, escape).
 */
export function ObjectBrowser(props: Props) {
  const { objects, listing, empty } = props;
  if (listing.isPending) {
    return (
      <Stack gap={6} role="status" aria-busy="true" aria-label="Loading">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} height={44} radius="md" />
        ))}
      </Stack>
    );
  }
  if (listing.isError && objects.length === 0) {
    return (
      <LoadError title="This list could not be loaded" error={listing.error} onRetry={listing.refetch} />
    );
  }
  if (objects.length === 0 && !listing.hasNextPage) return <>{empty}</>;

  return <VirtualGrid {...props} />;
}

/** The scrolling part, mounted once there is something to list (so it can measure itself). */
function VirtualGrid(props: Props) {
  const { objects, listing, view, selection } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const { touch } = props;
  const height = useFillHeight(scrollRef, { gap: touch ? TOUCH_BOTTOM_BAR : 16 });
  const width = useWidth(scrollRef);
  const isList = view === 'list';
  // A phone's rows say their kind and date themselves: the column headings are for screen readers only.
  const headerHeight = isList && !touch ? LIST_HEADER : 0;
  const card = isList ? null : CARD[view];
  const columns = card ? Math.max(1, Math.floor((width - GRID_GAP) / (card.min + GRID_GAP))) : 1;
  const { groupOf } = props;
  const layout = useMemo(
    () => (isList ? null : gridRows(objects, columns, groupOf)),
    [isList, objects, columns, groupOf],
  );
  const dataRows = layout ? layout.rows.length : objects.length;
  const rowCount = dataRows + (listing.hasNextPage ? 1 : 0);

  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) =>
      !card
        ? touch
          ? TOUCH_ROW
          : LIST_ROW
        : layout?.rows[index]?.kind === 'header'
          ? GROUP_HEADER
          : card.height + GRID_GAP,
    overscan: isList ? 12 : 3,
    scrollMargin: headerHeight,
    paddingStart: isList ? 0 : GRID_GAP,
    paddingEnd: isList ? 0 : GRID_GAP,
  });
  // A new row height (switching list and grid) must be measured again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measures when the layout changes.
  useLayoutEffect(() => virtualizer.measure(), [view, columns, layout, virtualizer, touch]);

  const items = virtualizer.getVirtualItems();
  const lastRow = items.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = listing;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastRow >= rowCount - 1 - PREFETCH_ROWS) fetchNextPage();
  }, [lastRow, rowCount, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Roving focus: one row or card is reachable with Tab, the arrows move between them.
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const pendingFocus = useRef<string | null>(null);
  const indexById = useMemo(() => new Map(objects.map((o, i) => [o.id, i])), [objects]);
  const tabbableId = focusedId !== null && indexById.has(focusedId) ? focusedId : (objects[0]?.id ?? null);

  useEffect(() => {
    const id = pendingFocus.current;
    if (id === null) return;
    // Focus follows the keys from row to row, or comes to the list from nowhere; it is never taken
    // from a control the user went to meanwhile (a drag handle, a menu, the search box).
    const active = document.activeElement;
    const fromRowOrNowhere =
      !active ||
      active === document.body ||
      (active.hasAttribute('data-object-id') && scrollRef.current?.contains(active));
    if (!fromRowOrNowhere) {
      pendingFocus.current = null;
      return;
    }
    const node = scrollRef.current?.querySelector<HTMLElement>(`[data-object-id="${id}"]`);
    if (node) {
      pendingFocus.current = null;
      node.focus({ preventScroll: true });
    }
  });

  // A folder opened from its row (which then left the page) or another page reached in the app: the
  // focus, fallen to the page itself, comes to the list. A first visit keeps the browser's own start.
  const { key: locationKey } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arriving, not as rows change.
  useEffect(() => {
    if (isFirstLocation(locationKey)) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const first = objects[0];
    if (!first) return;
    setFocusedId(first.id);
    pendingFocus.current = first.id;
  }, [locationKey]);

  // "Open in folder": select the named object, focus it and scroll to it once a page has brought it.
  const { reveal } = props;
  const select = selection.click;
  const revealed = useRef<string | null>(null);
  useEffect(() => {
    if (!reveal || revealed.current === reveal) return;
    const index = indexById.get(reveal);
    if (index === undefined) {
      if (hasNextPage && !isFetchingNextPage) fetchNextPage();
      return;
    }
    revealed.current = reveal;
    select(reveal, {});
    setFocusedId(reveal);
    pendingFocus.current = reveal;
    virtualizer.scrollToIndex(layout ? (layout.rowOfIndex[index] ?? 0) : index, { align: 'center' });
  }, [reveal, indexById, hasNextPage, isFetchingNextPage, fetchNextPage, select, virtualizer, layout]);

  const latest = useRef({ props, columns, indexById, objects, virtualizer, layout });
  latest.current = { props, columns, indexById, objects, virtualizer, layout };

  const handlers = useMemo<ItemHandlers>(() => {
    const focusIndex = (index: number) => {
      const { objects: list, virtualizer: v, layout: grid } = latest.current;
      const target = list[index];
      if (!target) return null;
      setFocusedId(target.id);
      pendingFocus.current = target.id;
      v.scrollToIndex(grid ? (grid.rowOfIndex[index] ?? 0) : index, { align: 'auto' });
      return target;
    };
    return {
      onClick: (event: MouseEvent, object: DeskObject) => {
        const p = latest.current.props;
        setFocusedId(object.id);
        if (p.touch) {
          if (p.selecting) p.selection.click(object.id, { toggle: true });
          else p.onOpen(object);
          return;
        }
        p.selection.click(object.id, {
          range: event.shiftKey,
          toggle: event.ctrlKey || event.metaKey,
        });
      },
      onLongPress: (object: DeskObject) => {
        setFocusedId(object.id);
        latest.current.props.onLongPress(object);
      },
      onCheck: (event: MouseEvent, object: DeskObject) => {
        latest.current.props.selection.click(object.id, { toggle: true, range: event.shiftKey });
        setFocusedId(object.id);
      },
      onOpen: (object: DeskObject) => latest.current.props.onOpen(object),
      onFocus: (event: FocusEvent, object: DeskObject) => {
        if (event.target === event.currentTarget) setFocusedId(object.id);
      },
      onAction: (action: ObjectAction, object: DeskObject) => latest.current.props.onAction(action, [object]),
      onKeyDown: (event: KeyboardEvent, object: DeskObject) => {
        if (event.target !== event.currentTarget) return;
        const { props: p, columns: cols, indexById: byId, objects: list, layout: grid } = latest.current;
        const index = byId.get(object.id) ?? 0;
        const mod = event.ctrlKey || event.metaKey;
        let next: number | null = null;
        switch (event.key) {
          case 'ArrowDown':
            next = grid ? verticalNeighbour(grid, index, 1) : index + 1;
            break;
          case 'ArrowUp':
            next = grid ? verticalNeighbour(grid, index, -1) : index - 1;
            break;
          case 'ArrowRight':
            next = cols > 1 ? index + 1 : null;
            break;
          case 'ArrowLeft':
            next = cols > 1 ? index - 1 : null;
            break;
          case 'Home':
            next = 0;
            break;
          case 'End':
            next = list.length - 1;
            break;
          case ' ':
            event.preventDefault();
            p.selection.click(object.id, { toggle: true, range: event.shiftKey });
            return;
          case 'Enter':
            event.preventDefault();
            p.onOpen(object);
            return;
          case 'Delete':
          case 'Backspace':
          case 'm':
          case 'M': {
            if (mod || event.altKey) return;
            event.preventDefault();
            const chosen = p.selection.selection.ids.has(object.id) ? p.selection.selected : [object];
            p.onAction(event.key === 'm' || event.key === 'M' ? 'move' : 'delete', chosen);
            return;
          }
          case 'ContextMenu':
          case 'F10': {
            if (event.key === 'F10' && !event.shiftKey) return;
            event.preventDefault();
            // The row's own menu, opened from its button (which stays out of the Tab order).
            event.currentTarget.querySelector<HTMLElement>('[aria-haspopup="menu"]')?.click();
            return;
          }
          case 'Escape':
            p.selection.clear();
            return;
          case 'a':
          case 'A':
            if (mod) {
              event.preventDefault();
              p.onSelectAll();
            }
            return;
          default:
            return;
        }
        if (next === null) return;
        event.preventDefault();
        const target = focusIndex(Math.min(list.length - 1, Math.max(0, next)));
        if (target && event.shiftKey) {
          if (p.selection.selection.anchor === null) p.selection.click(object.id, {});
          p.selection.click(target.id, { range: true });
        }
      },
    };
  }, []);

  const rowProps = (object: DeskObject) => ({
    object,
    selected: selection.selection.ids.has(object.id),
    tabbable: object.id === tabbableId,
    draggable: props.draggable && !touch,
    droppable: props.droppable && !touch,
    touch,
    handlers,
  });

  return (
    <div
      ref={scrollRef}
      className={classes.scroller}
      style={{ height }}
      role="grid"
      aria-label={props.label}
      aria-multiselectable="true"
      aria-rowcount={isList ? (props.total ?? (hasNextPage ? -1 : objects.length)) : -1}
      aria-busy={isFetchingNextPage}
      data-touch={touch || undefined}
      data-selecting={props.selecting || undefined}
    >
      {isList && (
        <div role="rowgroup" className={classes.header}>
          <div role="row" style={{ display: 'contents' }}>
            <div role="columnheader" className={classes.cellSelect}>
              <VisuallyHidden>Select</VisuallyHidden>
            </div>
            <div role="columnheader" className={classes.cellName}>
              Name
            </div>
            <div role="columnheader" className={classes.cellKind}>
              Kind
            </div>
            <div role="columnheader" className={classes.cellSize}>
              Size
            </div>
            <div role="columnheader" className={classes.cellDate}>
              Date
            </div>
            <div role="columnheader" style={{ width: 28, flexShrink: 0 }}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </div>
          </div>
        </div>
      )}
      <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const top = item.start - headerHeight;
          if (item.index >= dataRows) {
            return (
              <div key="more" role="row" className={classes.more} style={{ top, height: item.size }}>
                <div role="gridcell">Loading more…</div>
              </div>
            );
          }
          if (isList) {
            const object = objects[item.index];
            if (!object) return null;
            return (
              <ObjectRow
                key={object.id}
                {...rowProps(object)}
                top={top}
                height={item.size}
                rowIndex={item.index + 2}
              />
            );
          }
          const gridRow = layout?.rows[item.index];
          if (!gridRow) return null;
          if (gridRow.kind === 'header') {
            return (
              <div key={item.key} role="row" className={classes.groupRow} style={{ top, height: item.size }}>
                <div role="rowheader" aria-colspan={columns}>
                  {gridRow.label}
                </div>
              </div>
            );
          }
          const row = objects.slice(gridRow.start, gridRow.end);
          return (
            <div
              key={item.key}
              role="row"
              className={classes.gridRow}
              style={{
                top,
                height: item.size - GRID_GAP,
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              }}
            >
              {row.map((object) => (
                <ObjectCard key={object.id} {...rowProps(object)} photo={view === 'photos'} />
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}
