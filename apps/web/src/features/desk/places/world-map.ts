import { geoNaturalEarth1, geoPath } from 'd3-geo';
import type { FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';

/** The map's own units: the world drawn in this box, whatever size it is shown at. */
export const MAP_WIDTH = 960;
export const MAP_HEIGHT = 500;

/** The world from data bundled with the app (Natural Earth via world-atlas): no tile server is asked. */
export const projection = geoNaturalEarth1().fitExtent(
  [
    [8, 8],
    [MAP_WIDTH - 8, MAP_HEIGHT - 8],
  ],
  { type: 'Sphere' },
);
const path = geoPath(projection);

export type Countries = Topology<{ countries: GeometryCollection }>;
/** The countries' outlines as one SVG path in map units. */
export const outlinesOf = (topology: Countries) =>
  path(feature(topology, topology.objects.countries) as FeatureCollection) ?? '';

/** At 1:110m: enough for the whole world; `use-land-path.ts` brings finer ones when zoomed in. */
export const landPath = outlinesOf(countries110m as unknown as Countries);
export const spherePath = path({ type: 'Sphere' }) ?? '';

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** Where on the (unzoomed) map a point of the globe is drawn. */
export function spotOf({ latitude, longitude }: GeoPoint): { x: number; y: number } | null {
  const at = projection([longitude, latitude]);
  return at ? { x: at[0], y: at[1] } : null;
}

/** The point of the globe drawn at a spot of the (unzoomed) map, or null off the globe's outline. */
export function pointAt(x: number, y: number): GeoPoint | null {
  const inverted = projection.invert?.([x, y]);
  if (!inverted) return null;
  const [longitude, latitude] = inverted;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  // Off the outline the inverse still answers something; drawn again, it lands elsewhere.
  const back = spotOf({ latitude, longitude });
  if (!back || Math.hypot(back.x - x, back.y - y) > 0.01) return null;
  return { latitude, longitude };
}

/** Five decimals: about a metre, more than a click on the map can tell. */
export const roundPoint = ({ latitude, longitude }: GeoPoint): GeoPoint => ({
  latitude: Math.round(latitude * 1e5) / 1e5,
  longitude: Math.round(longitude * 1e5) / 1e5,
});
