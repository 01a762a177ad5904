// biome-ignore-all lint/a11y/noNoninteractiveTabindex: the map (role application) takes keys: arrows, +, −, Enter.
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from 'react';
import { formatCoordinates } from '../../../lib/object-info';
import type { View } from '../gallery/map-clusters';
import classes from './places.module.css';
import { useLandPath } from './use-land-path';
import { useMapView } from './use-map-view';
import { type GeoPoint, MAP_HEIGHT, MAP_WIDTH, pointAt, roundPoint, spherePath, spotOf } from './world-map';

/** How far in a point found by name or typed is shown. */
const PLACE_ZOOM = 24;
/** An arrow key moves the map by this many map units. */
const PAN_STEP = 60;

const samePoint = (a: GeoPoint | null, b: GeoPoint | null) =>
  a !== null && b !== null && a.latitude === b.latitude && a.longitude === b.longitude;

/** The view with this spot of the unzoomed map in the middle, at zoom k. */
function centredOn(spot: { x: number; y: number }, k: number): View {
  return { k, x: MAP_WIDTH / 2 - spot.x * k, y: MAP_HEIGHT / 2 - spot.y * k };
}

interface Props {
  point: GeoPoint | null;
  onPick: (point: GeoPoint) => void;
}

/**
 * A world map to set a place by clicking it (drag to move, wheel or buttons to zoom). With the keyboard:
 * arrows move the map, + and − zoom, Enter sets the place under the cross in the middle. A point set
 * elsewhere (found by name, typed) is brought into view.
 */
export default function PickMap({ point, onPick }: Props) {
  const svgRef = useRef<SVGSVGElement>(null);
  const { view, setView, toMap, moved, zoomBy, panBy, handlers } = useMapView(svgRef);
  const land = useLandPath(view.k);
  const [focused, setFocused] = useState(false);
  const pickedHere = useRef<GeoPoint | null>(null);

  useEffect(() => {
    if (!point || samePoint(point, pickedHere.current)) return;
    const spot = spotOf(point);
    if (spot) setView((v) => centredOn(spot, Math.max(v.k, PLACE_ZOOM)));
  }, [point, setView]);

  /** Sets the place at a spot of the map as shown (zoom included). */
  const pickAt = (x: number, y: number) => {
    const found = pointAt((x - view.x) / view.k, (y - view.y) / view.k);
    if (!found) return;
    const picked = roundPoint(found);
    pickedHere.current = picked;
    onPick(picked);
  };
  const onClick = (event: MouseEvent<SVGSVGElement>) => {
    if (moved()) return;
    const at = toMap(event.clientX, event.clientY);
    pickAt(at.x, at.y);
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [PAN_STEP, 0],
      ArrowRight: [-PAN_STEP, 0],
      ArrowUp: [0, PAN_STEP],
      ArrowDown: [0, -PAN_STEP],
    };
    const move = moves[event.key];
    if (move) panBy(...move);
    else if (event.key === '+' || event.key === '=') zoomBy(2);
    else if (event.key === '-' || event.key === '_') zoomBy(0.5);
    else if (event.key === 'Enter' || event.key === ' ') pickAt(MAP_WIDTH / 2, MAP_HEIGHT / 2);
    else return;
    event.preventDefault();
  };

  const marker = point && spotOf(point);
  return (
    <div className={classes.frame}>
      <svg
        ref={svgRef}
        viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
        className={classes.map}
        role="application"
        aria-label="Map: click to set the place. Arrow keys move it, + and − zoom, Enter sets the place at the cross."
        aria-describedby={point ? 'place-map-point' : undefined}
        tabIndex={0}
        onClick={onClick}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        {...handlers}
      >
        <g transform={`translate(${view.x} ${view.y}) scale(${view.k})`}>
          <path d={spherePath} className={classes.sea} />
          <path d={land} className={classes.land} strokeWidth={0.5 / view.k} />
        </g>
        {marker && (
          <g
            transform={`translate(${marker.x * view.k + view.x} ${marker.y * view.k + view.y})`}
            className={classes.marker}
          >
            <path d="M0 0 C-3 -8 -10 -12 -10 -19 A10 10 0 1 1 10 -19 C10 -12 3 -8 0 0Z" />
            <circle cy={-19} r={3.5} className={classes.markerDot} />
          </g>
        )}
        {focused && (
          <path
            d={`M${MAP_WIDTH / 2 - 12} ${MAP_HEIGHT / 2}h24M${MAP_WIDTH / 2} ${MAP_HEIGHT / 2 - 12}v24`}
            className={classes.cross}
          />
        )}
      </svg>
      {point && (
        <span id="place-map-point" className={classes.hidden}>
          The place is at {formatCoordinates(point)}.
        </span>
      )}
      <Group gap={4} className={classes.controls}>
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
        <Tooltip label="Whole world">
          <ActionIcon
            variant="default"
            aria-label="Whole world"
            onClick={() => setView({ k: 1, x: 0, y: 0 })}
          >
            ⤢
          </ActionIcon>
        </Tooltip>
      </Group>
    </div>
  );
}
