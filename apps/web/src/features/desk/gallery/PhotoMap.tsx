// biome-ignore-all lint/a11y/useSemanticElements: the markers are SVG groups, which cannot be <button>s; they take the button role, focus and keys.
import type { DeskObject } from '@easio/shared';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { geoNaturalEarth1, geoPath } from 'd3-geo';
import type { FeatureCollection } from 'geojson';
import { type KeyboardEvent, type PointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';
import { formatCoordinates, placeOf } from '../object-info';
import classes from './gallery.module.css';
import { clusterPoints, fitView, type MapPoint, type View, zoomAt } from './map-clusters';

const WIDTH = 960;
const HEIGHT = 500;
/** Markers closer than this (in map units) on screen are drawn as one. */
const CLUSTER_RADIUS = 28;

const projection = geoNaturalEarth1().fitExtent(
  [
    [8, 8],
    [WIDTH - 8, HEIGHT - 8],
  ],
  { type: 'Sphere' },
);
const path = geoPath(projection);
const topology = countries110m as unknown as Topology<{ countries: GeometryCollection }>;
const land = path(feature(topology, topology.objects.countries) as FeatureCollection) ?? '';
const sphere = path({ type: 'Sphere' }) ?? '';

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
  const fitted = useMemo(() => fitView(points, WIDTH, HEIGHT), [points]);
  const [view, setView] = useState<View>(fitted);
  useEffect(() => setView(fitted), [fitted]);
  const clusters = useMemo(() => clusterPoints(points, view, CLUSTER_RADIUS), [points, view]);
  const chosen = new Set(selected);

  const svgRef = useRef<SVGSVGElement>(null);
  const toMap = (clientX: number, clientY: number) => {
    const box = svgRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return { x: WIDTH / 2, y: HEIGHT / 2 };
    return { x: ((clientX - box.left) / box.width) * WIDTH, y: ((clientY - box.top) / box.height) * HEIGHT };
  };

  // The wheel zooms the map, not the page: a passive React listener could not prevent the scroll.
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const box = svg.getBoundingClientRect();
      const cx = ((event.clientX - box.left) / box.width) * WIDTH;
      const cy = ((event.clientY - box.top) / box.height) * HEIGHT;
      setView((v) => zoomAt(v, Math.exp(-event.deltaY * 0.002), cx, cy));
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, []);

  const drag = useRef<{ x: number; y: number; moved: boolean } | null>(null);
  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    const at = toMap(event.clientX, event.clientY);
    drag.current = { ...at, moved: false };
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
    // A click after a drag is not a marker click.
    setTimeout(() => {
      drag.current = null;
    });
  };
  const pick = (ids: string[]) => {
    if (!drag.current?.moved) onSelect(ids);
  };
  const onMarkerKey = (event: KeyboardEvent, ids: string[]) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(ids);
    }
  };
  const zoomBy = (factor: number) => setView((v) => zoomAt(v, factor, WIDTH / 2, HEIGHT / 2));

  return (
    <div className={classes.mapFrame}>
      <svg
        ref={svgRef}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className={classes.map}
        role="group"
        aria-label="Map of where your photos were taken"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
      >
        <g transform={`translate(${view.x} ${view.y}) scale(${view.k})`}>
          <path d={sphere} className={classes.sea} />
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
