import { describe, expect, it } from 'vitest';
import { MAP_HEIGHT, MAP_WIDTH, pointAt, roundPoint, spotOf } from './world-map';

describe('the world map', () => {
  it('finds the point under a spot of the map where it is drawn', () => {
    for (const place of [
      { latitude: 48.85341, longitude: 2.3488 },
      { latitude: -33.86785, longitude: 151.20732 },
      { latitude: 64.13548, longitude: -21.89541 },
    ]) {
      const spot = spotOf(place);
      if (!spot) throw new Error('not drawn');
      const back = pointAt(spot.x, spot.y);
      expect(back?.latitude).toBeCloseTo(place.latitude, 4);
      expect(back?.longitude).toBeCloseTo(place.longitude, 4);
    }
  });

  it('finds nothing off the globe', () => {
    expect(pointAt(1, 1)).toBeNull();
    expect(pointAt(MAP_WIDTH - 1, MAP_HEIGHT - 1)).toBeNull();
    expect(pointAt(MAP_WIDTH / 2, MAP_HEIGHT / 2)).not.toBeNull();
  });

  it('keeps five decimals', () => {
    expect(roundPoint({ latitude: 48.853412345, longitude: -2.348849 })).toEqual({
      latitude: 48.85341,
      longitude: -2.34885,
    });
  });
});
