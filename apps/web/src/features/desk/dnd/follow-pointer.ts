import type { Modifier } from '@dnd-kit/core';

/** How far the preview sits from the pointer, so it never hides what is under it. */
const OFFSET = 14;

function pointerOf(event: Event | null): { x: number; y: number } | null {
  if (!event) return null;
  if ('touches' in event && event instanceof TouchEvent) {
    const touch = event.touches[0] ?? event.changedTouches[0];
    return touch ? { x: touch.clientX, y: touch.clientY } : null;
  }
  if (
    'clientX' in event &&
    typeof event.clientX === 'number' &&
    'clientY' in event &&
    typeof event.clientY === 'number'
  ) {
    return { x: event.clientX, y: event.clientY };
  }
  return null;
}

/** The drag preview follows the pointer (just below and to the right of it) wherever the row was grabbed. */
export const followPointer: Modifier = ({ activatorEvent, draggingNodeRect, transform }) => {
  const pointer = pointerOf(activatorEvent);
  if (!pointer || !draggingNodeRect) return transform;
  return {
    ...transform,
    x: transform.x + pointer.x - draggingNodeRect.left + OFFSET,
    y: transform.y + pointer.y - draggingNodeRect.top + OFFSET,
  };
};
