import { describe, expect, it } from 'vitest';
import { clusterPoints, fitView, MAX_ZOOM, zoomAt } from './map-clusters';

const points = [
  { x: 100, y: 100, item: 'paris-1' },
  { x: 102, y: 101, item: 'paris-2' },
  { x: 300, y: 200, item: 'cairo' },
];

describe('clusterPoints', () => {
  it('draws photos taken close together as one marker, the others apart', () => {
    const clusters = clusterPoints(points, { k: 1, x: 0, y: 0 }, 24);
    expect(clusters.map((c) => c.items)).toEqual([['paris-1', 'paris-2'], ['cairo']]);
    expect(clusters[0]).toMatchObject({ x: 101, y: 100.5 });
  });

  it('splits a marker once zoomed in far enough', () => {
    const clusters = clusterPoints(points, { k: 40, x: -3000, y: -3000 }, 24);
    expect(clusters).toHaveLength(3);
  });
});

describe('zoomAt and fitView', () => {
  it('keeps the point under the cursor in place, within the zoom limits', () => {
    const view = zoomAt({ k: 1, x: 0, y: 0 }, 2, 100, 50);
    expect(view).toEqual({ k: 2, x: -100, y: -50 });
    expect(zoomAt({ k: 60, x: 0, y: 0 }, 2, 0, 0).k).toBe(MAX_ZOOM);
    expect(zoomAt({ k: 1, x: 0, y: 0 }, 0.5, 0, 0).k).toBe(1);
  });

  it('frames every photo, and does not zoom into a single one too far', () => {
    const view = fitView(points, 960, 500);
    for (const p of points) {
      const sx = p.x * view.k + view.x;
      const sy = p.y * view.k + view.y;
      expect(sx).toBeGreaterThan(0);
      expect(sx).toBeLessThan(960);
      expect(sy).toBeGreaterThan(0);
      expect(sy).toBeLessThan(500);
    }
    expect(fitView([{ x: 10, y: 10 }], 960, 500).k).toBe(12);
    expect(fitView([], 960, 500)).toEqual({ k: 1, x: 0, y: 0 });
  });
});
