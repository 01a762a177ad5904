import { useDraggable, useDroppable } from '@dnd-kit/core';
import type { DeskObject } from '@easio/shared';
import type { KeyboardEventHandler, PointerEventHandler } from 'react';
import { isFolder } from '../../../lib/object-info';
import { type DragData, type DropData, type DropTarget, useDraggingIds } from './DeskDnd';

/**
 * A row or card: dragged with the pointer from anywhere on it (`pointerListeners`), with the keyboard
 * from its handle (`handleProps`); a drawer or binder is also a drop target.
 */
export function useDeskItemDnd(
  object: DeskObject,
  { draggable, droppable }: { draggable: boolean; droppable: boolean },
) {
  const draggingIds = useDraggingIds();
  const isDragged = draggingIds.has(object.id);
  const drag = useDraggable({
    id: `object:${object.id}`,
    data: { object } satisfies DragData,
    disabled: !draggable,
  });
  const target: DropTarget = { id: object.id, name: object.name, data_type: object.data_type };
  const drop = useDroppable({
    id: `folder:${object.id}`,
    data: { target } satisfies DropData,
    disabled: !droppable || !isFolder(object) || isDragged,
  });
  const setRef = (node: HTMLElement | null) => {
    drag.setNodeRef(node);
    drop.setNodeRef(node);
  };
  return {
    setRef,
    pointerListeners: draggable
      ? { onPointerDown: drag.listeners?.onPointerDown as PointerEventHandler | undefined }
      : {},
    handleProps: draggable
      ? {
          ref: drag.setActivatorNodeRef,
          onKeyDown: drag.listeners?.onKeyDown as KeyboardEventHandler | undefined,
          'aria-describedby': drag.attributes['aria-describedby'],
        }
      : null,
    isDragged,
    isOver: drop.isOver,
    isDragging: draggingIds.size > 0,
  };
}

/** A breadcrumb as a drop target. */
export function useCrumbDrop(target: DropTarget, disabled: boolean) {
  const drop = useDroppable({ id: `crumb:${target.id}`, data: { target } satisfies DropData, disabled });
  return { setRef: drop.setNodeRef, isOver: drop.isOver };
}
