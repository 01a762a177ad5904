// biome-ignore-all lint/a11y/useSemanticElements: the markers are SVG groups, which cannot be <button>s; they take the button role, focus and keys.
import type { DeskObject } from '@easio/shared';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { type KeyboardEvent, useEffect, useMemo, useRef } from 'react';
import { formatCoordinates, placeOf } from '../../../lib/object-info';
import { useLandPath } from '../places/use-land-path';
import { useMapView } from '../places/use-map-view';
import { MAP_HEIGHT, MAP_WIDTH, projection, spherePath } from '../places/world-map';
import classes from './gallery.module.css';
import { clusterPoints, fitView, type MapPoint } from './map-clusters';

/** Markers closer than this (in map units) on screen are drawn as one. */
const CLUSTER_RADIUS = 28;

interface Props {
  photos: DeskObject[];
  /** The photos of the marker chosen (one photo or a group). */
  selected: string[];
  onSelect: (ids: string[]) => void;
}

/** Where the photos were taken, on a world map drawn from bundled data (no map service is asked). */
export default function PhotoMap({ photos, selected, onSelect }: Props) {
  const points = useMemo(() => {
    const list: MapPoint<DeskObject>[] = [];
    for (const photo of photos) {
      const place = placeOf(photo.metadata);
      const at = place && projection([place.longitude, place.latitude]);
      if (at) list.push({ x: at[0], y: at[1], item: photo });
    }
    return list;
  }, [photos]);
  const fitted = useMemo(() => fitView(points, MAP_WIDTH, MAP_HEIGHT), [points]);
  const svgRef = useRef<SVGSVGElement>(null);
  const { view, setView, moved, zoomBy, handlers } = useMapView(svgRef, fitted);
  useEffect(() => setView(fitted), [fitted, setView]);
  const land = useLandPath(view.k);
  const clusters = useMemo(() => clusterPoints(points, view, CLUSTER_RADIUS), [points, view]);
  const chosen = new Set(selected);

  const pick = (ids: string[]) => {
    // A click that ends a drag of the map is not a marker click.
    if (!moved()) onSelect(ids);
  };
  const onMarkerKey = (event: KeyboardEvent, ids: string[]) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(ids);
    }
  };

  return (
    <div className={classes.mapFrame}>
      <svg
        ref={svgRef}
        viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
        className={classes.map}
        role="group"
        aria-label="Map of where your photos were taken"
        {...handlers}
      >
        <g transform={`translate(${view.x} ${view.y}) scale(${view.k})`}>
          <path d={spherePath} className={classes.sea} />
          <path d={land} className={classes.land} strokeWidth={0.5 / view.k} />
        </g>
        {clusters.map((cluster) => {
          const ids = cluster.items.map((p) => p.id);
          const first = cluster.items[0] as DeskObject;
          const place = placeOf(first.metadata);
          const many = ids.length > 1;
          const label = many
            ? `${ids.length} photos near ${place ? formatCoordinates(place) : ''}`
            : `${first.name}, taken at ${place ? formatCoordinates(place) : ''}`;
          const active = ids.every((id) => chosen.has(id)) && ids.length === selected.length;
          return (
            <g
              key={ids[0]}
              transform={`translate(${cluster.x} ${cluster.y})`}
              role="button"
              tabIndex={0}
              aria-label={label}
              aria-pressed={active}
              className={active ? `${classes.marker} ${classes.markerActive}` : classes.marker}
              onClick={() => pick(ids)}
              onKeyDown={(event) => onMarkerKey(event, ids)}
            >
              <title>{label}</title>
              <circle r={many ? Math.min(18, 9 + Math.log2(ids.length) * 2) : 7} />
              {many && (
                <text textAnchor="middle" dy="0.35em">
                  {ids.length > 999 ? '999+' : ids.length}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <Group gap={4} className={classes.mapControls}>
        <Tooltip label="Zoom in">
          <ActionIcon variant="default" aria-label="Zoom in" onClick={() => zoomBy(2)}>
            +
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Zoom out">
          <ActionIcon variant="default" aria-label="Zoom out" onClick={() => zoomBy(0.5)}>
            −
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Show every photo">
          <ActionIcon variant="default" aria-label="Show every photo" onClick={() => setView(fitted)}>
            ⤢
          </ActionIcon>
        </Tooltip>
      </Group>
    </div>
  );
}
