import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.js';

describe('GET /api/geo/country', () => {
  let behindProxy: TestApp;
  let direct: TestApp;

  beforeAll(async () => {
    behindProxy = await buildTestApp('pglite', { env: { TRUST_PROXY: 'true' } });
    direct = await buildTestApp('pglite');
  });
  afterAll(async () => {
    await behindProxy.close();
    await direct.close();
  });

  const guess = async (t: TestApp, forwardedFor?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/geo/country',
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { country: string | null };
  };

  it('guesses the country of the visitor’s address from the embedded database, without signing in', async () => {
    expect(await guess(behindProxy, '49.36.0.1')).toEqual({ country: 'IN' });
    expect(await guess(behindProxy, '8.8.8.8')).toEqual({ country: 'US' });
    expect(await guess(behindProxy, '2001:4860:4860::8888')).toEqual({ country: 'US' });
  });

  it('answers null for private and loopback addresses, and for an address it cannot place', async () => {
    expect(await guess(behindProxy, '10.1.2.3')).toEqual({ country: null });
    expect(await guess(direct)).toEqual({ country: null });
    expect(await guess(behindProxy, 'not-an-address')).toEqual({ country: null });
  });

  it('believes X-Forwarded-For only behind a proxy (TRUST_PROXY)', async () => {
    expect(await guess(direct, '49.36.0.1')).toEqual({ country: null });
  });
});
