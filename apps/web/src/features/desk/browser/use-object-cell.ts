import type { FocusEvent, KeyboardEvent, MouseEvent } from 'react';
import classes from '../desk.module.css';
import { useDeskItemDnd } from '../dnd/use-desk-dnd';
import type { ItemProps } from './handlers';
import { useLongPress } from './use-long-press';

type CellProps = Pick<
  ItemProps,
  'object' | 'selected' | 'tabbable' | 'draggable' | 'droppable' | 'touch' | 'handlers'
>;

/**
 * What a list row and a grid card share: the drag and drop, the long press, and the element's props
 * that report clicks, opening, keys and focus to the shared handlers. `baseClass` is the row's or the
 * card's own class; dragging and a drop hovering over it add theirs.
 */
export function useObjectCell(
  { object, selected, tabbable, draggable, droppable, touch, handlers }: CellProps,
  baseClass: string | undefined,
) {
  const dnd = useDeskItemDnd(object, { draggable, droppable });
  const longPress = useLongPress(() => handlers.onLongPress(object), touch);
  const className = [baseClass, dnd.isDragged && classes.dragged, dnd.isOver && classes.dropOver]
    .filter(Boolean)
    .join(' ');
  return {
    /** The keyboard drag handle's props (null when the object cannot be dragged). */
    handle: dnd.handleProps,
    /** Spread on the row's or card's element. The long press comes last: its handlers win. */
    props: {
      ref: dnd.setRef,
      'aria-selected': selected,
      tabIndex: tabbable ? 0 : -1,
      'data-object-id': object.id,
      className,
      onClick: (event: MouseEvent) => handlers.onClick(event, object),
      onDoubleClick: () => handlers.onOpen(object),
      onKeyDown: (event: KeyboardEvent) => handlers.onKeyDown(event, object),
      onFocus: (event: FocusEvent) => handlers.onFocus(event, object),
      ...dnd.pointerListeners,
      ...longPress,
    },
  };
}
