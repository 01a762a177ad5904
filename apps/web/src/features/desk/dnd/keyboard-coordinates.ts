import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

const DIRECTION: Record<string, 1 | -1> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

/**
 * Arrow keys jump the dragged items from one drop target (a drawer, a binder, a breadcrumb) to the
 * next in reading order, instead of nudging them pixel by pixel.
 */
export const jumpBetweenTargets: KeyboardCoordinateGetter = (event, { context }) => {
  const direction = DIRECTION[event.code];
  const { collisionRect, droppableRects, droppableContainers } = context;
  if (!direction || !collisionRect) return undefined;
  event.preventDefault();

  const here = {
    x: collisionRect.left + collisionRect.width / 2,
    y: collisionRect.top + collisionRect.height / 2,
  };
  const centers = droppableContainers
    .getEnabled()
    .map((container) => droppableRects.get(container.id))
    .filter((rect) => rect !== undefined)
    .map((rect) => ({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 }))
    // Reading order: by row (rows closer than 4px count as one), then left to right.
    .sort((a, b) => (Math.abs(a.y - b.y) > 4 ? a.y - b.y : a.x - b.x));

  const after = (c: { x: number; y: number }) =>
    Math.abs(c.y - here.y) > 4 ? c.y > here.y : c.x > here.x + 1;
  const before = (c: { x: number; y: number }) =>
    Math.abs(c.y - here.y) > 4 ? c.y < here.y : c.x < here.x - 1;
  const next = direction === 1 ? centers.find(after) : centers.filter(before).at(-1);
  if (!next) return undefined;
  return { x: next.x - collisionRect.width / 2, y: next.y - collisionRect.height / 2 };
};
