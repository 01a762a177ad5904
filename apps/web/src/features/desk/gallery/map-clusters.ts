/** A point on the map in projected (unzoomed) coordinates, with what it stands for. */
export interface MapPoint<T> {
  x: number;
  y: number;
  item: T;
}

export interface Cluster<T> {
  /** Where to draw it, in screen coordinates at the current zoom. */
  x: number;
  y: number;
  items: T[];
}

export interface View {
  /** Zoom factor and translation: screen = projected × k + (x, y). */
  k: number;
  x: number;
  y: number;
}

/**
 * Groups points that would overlap on screen at this zoom (a grid of `radius`-sized cells), each
 * group drawn at its members' mean position. Deterministic, so markers do not jump between renders.
 */
export function clusterPoints<T>(points: readonly MapPoint<T>[], view: View, radius: number): Cluster<T>[] {
  const cells = new Map<string, { sx: number; sy: number; items: T[] }>();
  for (const p of points) {
    const sx = p.x * view.k + view.x;
    const sy = p.y * view.k + view.y;
    const key = `${Math.floor(sx / radius)}:${Math.floor(sy / radius)}`;
    const cell = cells.get(key);
    if (cell) {
      cell.sx += sx;
      cell.sy += sy;
      cell.items.push(p.item);
    } else cells.set(key, { sx, sy, items: [p.item] });
  }
  return [...cells.values()].map((c) => ({
    x: c.sx / c.items.length,
    y: c.sy / c.items.length,
    items: c.items,
  }));
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 64;

/** Zooms by `factor` keeping the screen point (cx, cy) where it is. */
export function zoomAt(view: View, factor: number, cx: number, cy: number): View {
  const k = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.k * factor));
  const f = k / view.k;
  return { k, x: cx - (cx - view.x) * f, y: cy - (cy - view.y) * f };
}

/** The view that shows every point (with a margin), not zoomed in past `maxZoom`. */
export function fitView(
  points: readonly { x: number; y: number }[],
  width: number,
  height: number,
  maxZoom = 12,
): View {
  if (points.length === 0) return { k: 1, x: 0, y: 0 };
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const margin = 0.15;
  const k = Math.max(
    MIN_ZOOM,
    Math.min(
      maxZoom,
      width / ((x1 - x0) * (1 + 2 * margin) || 1),
      height / ((y1 - y0) * (1 + 2 * margin) || 1),
    ),
  );
  return { k, x: width / 2 - ((x0 + x1) / 2) * k, y: height / 2 - ((y0 + y1) / 2) * k };
}
