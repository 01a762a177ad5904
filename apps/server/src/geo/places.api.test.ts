import type { PlaceMatch } from '@easio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../test/test-app.js';

describe('GET /api/geo/places', () => {
  let t: TestApp;
  let auth: { authorization: string };

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    auth = (await signedInUser(t.app)).auth;
  });
  afterAll(async () => {
    await t.close();
  });

  const places = (query: string, headers: Record<string, string> = auth) =>
    t.app.inject({ method: 'GET', url: `/api/geo/places?${query}`, headers });

  it('finds places in the bundled data by the start of their name, largest first', async () => {
    const res = await places('q=pari');
    expect(res.statusCode).toBe(200);
    const found = (res.json() as { places: PlaceMatch[] }).places;
    expect(found[0]).toMatchObject({ name: 'Paris', country: 'France', country_code: 'FR' });
    expect(found[0]?.latitude).toBeCloseTo(48.853, 2);
    expect(found[0]?.longitude).toBeCloseTo(2.349, 2);
    expect(found.length).toBe(8);
    const zurich = (await places('q=zurich&limit=1')).json() as { places: PlaceMatch[] };
    expect(zurich.places.map((p) => p.name)).toEqual(['Zürich']);
  }, 60_000);

  it('is for signed-in users only', async () => {
    expect((await places('q=paris', {})).statusCode).toBe(401);
  });

  it('refuses a query too short, too long or asking too much, with a detail', async () => {
    for (const [query, detail] of [
      ['q=p', /at least 2 letters/],
      ['q=%20%20p%20', /at least 2 letters/],
      ['', /place name/i],
      [`q=${'a'.repeat(101)}`, /at most 100 characters/],
      ['q=paris&limit=21', /limit/i],
      ['q=paris&limit=two', /limit/i],
    ] as const) {
      const res = await places(query);
      expect(res.statusCode, query).toBe(422);
      expect((res.json() as { detail: string }).detail).toMatch(detail);
    }
  });
});
