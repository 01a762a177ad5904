import { type MouseEvent, type PointerEvent, useRef } from 'react';

/** How long a finger rests before it counts as a long press, and how far it may drift meanwhile. */
const HOLD_MS = 500;
const SLOP_PX = 10;

/**
 * A long press by touch or pen (a mouse has its own ways to select): `onLongPress` after the hold, and
 * the click the lifted finger then makes is swallowed, so the press does not also open the item.
 */
export function useLongPress(onLongPress: () => void, enabled: boolean) {
  const timer = useRef<number | null>(null);
  const origin = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);
  const cancel = () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    origin.current = null;
  };
  if (!enabled) return {};
  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.pointerType === 'mouse') return;
      cancel();
      fired.current = false;
      origin.current = { x: event.clientX, y: event.clientY };
      timer.current = window.setTimeout(() => {
        timer.current = null;
        fired.current = true;
        onLongPress();
      }, HOLD_MS);
    },
    onPointerMove: (event: PointerEvent) => {
      const start = origin.current;
      if (start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > SLOP_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onClickCapture: (event: MouseEvent) => {
      if (!fired.current) return;
      fired.current = false;
      event.stopPropagation();
      event.preventDefault();
    },
    // The browser's own long-press menu would cover the selection.
    onContextMenu: (event: MouseEvent) => {
      if (fired.current || timer.current !== null) event.preventDefault();
    },
  };
}
