import { type PointerEvent, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { type View, zoomAt } from '../gallery/map-clusters';
import { MAP_HEIGHT, MAP_WIDTH } from './world-map';

/**
 * Pan (drag) and zoom (wheel, buttons) of an SVG map drawn in map units. `moved()` tells a click that
 * ends a drag from a real click.
 */
export function useMapView(svgRef: RefObject<SVGSVGElement | null>, initial: View = { k: 1, x: 0, y: 0 }) {
  const [view, setView] = useState<View>(initial);

  /** A spot of the screen in map units (of the map as shown, zoom included). */
  const toMap = useCallback(
    (clientX: number, clientY: number) => {
      const box = svgRef.current?.getBoundingClientRect();
      if (!box || box.width === 0) return { x: MAP_WIDTH / 2, y: MAP_HEIGHT / 2 };
      return {
        x: ((clientX - box.left) / box.width) * MAP_WIDTH,
        y: ((clientY - box.top) / box.height) * MAP_HEIGHT,
      };
    },
    [svgRef],
  );

  // The wheel zooms the map, not the page: a passive React listener could not prevent the scroll.
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const at = toMap(event.clientX, event.clientY);
      setView((v) => zoomAt(v, Math.exp(-event.deltaY * 0.002), at.x, at.y));
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, [svgRef, toMap]);

  const drag = useRef<{ x: number; y: number; moved: boolean } | null>(null);
  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    drag.current = { ...toMap(event.clientX, event.clientY), moved: false };
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const start = drag.current;
    if (!start || event.buttons === 0) return;
    const at = toMap(event.clientX, event.clientY);
    const dx = at.x - start.x;
    const dy = at.y - start.y;
    if (!start.moved && Math.hypot(dx, dy) < 3) return;
    if (!start.moved) event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { ...at, moved: true };
    setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
  };
  const onPointerUp = () => {
    // The click that follows a drag must still see it was one.
    setTimeout(() => {
      drag.current = null;
    });
  };

  return {
    view,
    setView,
    toMap,
    moved: () => drag.current?.moved === true,
    zoomBy: (factor: number) => setView((v) => zoomAt(v, factor, MAP_WIDTH / 2, MAP_HEIGHT / 2)),
    panBy: (dx: number, dy: number) => setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy })),
    handlers: { onPointerDown, onPointerMove, onPointerUp },
  };
}
