import { useEffect, useState } from 'react';
import { type Countries, landPath, outlinesOf } from './world-map';

/** From this zoom on, the 1:110m outlines are visibly coarse (a coast off by a town's width). */
export const DETAIL_ZOOM = 4;

let detailed: Promise<string> | null = null;

/** The 1:50m outlines (750 KB of data, its own chunk), fetched once the first time they are wanted. */
function detailedLand(): Promise<string> {
  detailed ??= import('world-atlas/countries-50m.json').then((m) =>
    outlinesOf(m.default as unknown as Countries),
  );
  detailed.catch(() => {
    detailed = null;
  });
  return detailed;
}

/** The land to draw at zoom `k`: the coarse outlines, or the finer ones once zoomed in and loaded. */
export function useLandPath(k: number): string {
  const wanted = k >= DETAIL_ZOOM;
  const [detail, setDetail] = useState<string | null>(null);
  useEffect(() => {
    if (!wanted || detail) return;
    let live = true;
    // Not loaded (offline, say): the coarse outlines stay, which is all the map needs to work.
    detailedLand().then(
      (d) => live && setDetail(d),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [wanted, detail]);
  return wanted && detail ? detail : landPath;
}
