import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../test/databases.js';
import { multipartBody } from '../test/multipart.js';
import { buildTestApp, json, signedInUser, type TestApp } from '../test/test-app.js';

describe.each(DB_KINDS)('HTTP surface on %s', (kind) => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'easio-web-'));
    await writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><title>Easio</title><div id="root"></div>',
    );
    t = await buildTestApp(kind, {
      webDistDir: webDist,
      env: {
        EXTENSION_STORE_URL: 'https://store.example/easio',
        PRIVACY_CONTACT_EMAIL: 'privacy@easio.example',
        PRIVACY_POSTAL_ADDRESS: 'Easio Ltd\\n1 Quay Street',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    for (const url of ['/api/nothing-here', '/api', '/v1/unknown']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(json(res)).toEqual({ detail: 'Not found' });
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/nothing', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('serves the web app for every other path, so the client draws its pages and its not-found page', async () => {
    for (const url of ['/', '/my-desk/my-content', '/login?error=x', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('sends a share that no service worker took to the share page, which explains, reading none of it', async () => {
    const { payload, headers } = multipartBody([
      { name: 'photo.png', bytes: Buffer.alloc(64), type: 'image/png' },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/share', payload, headers });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/share?error=not-ready');
    const page = await t.app.inject({ method: 'GET', url: '/share?error=not-ready' });
    expect(page.body).toContain('<div id="root">');
  });

  it('sends security headers that keep scripts and frames of other origins out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // No error reporting configured: the browser may call this origin only.
    expect(res.headers['content-security-policy']).toContain("connect-src 'self';");
  });

  it('offers error reporting only when a Sentry DSN is configured, and lets the browser reach it then', async () => {
    const reporting = await buildTestApp(kind, {
      env: { SENTRY_DSN: 'https://public@o123.ingest.sentry.io/456' },
    });
    try {
      const config = await reporting.app.inject({ method: 'GET', url: '/api/config' });
      expect(json(config).error_reporting).toEqual({
        sentry_dsn: 'https://public@o123.ingest.sentry.io/456',
      });
      const csp = String(config.headers['content-security-policy']);
      expect(csp).toContain("connect-src 'self' https://o123.ingest.sentry.io;");
      expect(csp).toContain("worker-src 'self' blob:");
    } finally {
      await reporting.close();
    }
  });

  it('compresses what it sends when the client accepts it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('describes every call in /api/openapi.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = json(res) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    const calls = Object.entries(doc.paths).flatMap(([p, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(calls).toEqual(
      expect.arrayContaining([
        'POST /api/auth/signup',
        'POST /api/auth/token',
        'GET /api/auth/users/me/',
        'POST /api/auth/users/me/edit_profile',
        'POST /api/auth/users/me/complete_onboarding',
        'GET /api/auth/login',
        'GET /api/config',
        'GET /api/health',
        'GET /api/google/get_auth_url/{source}',
        'GET /api/dropbox/get_auth_url/{source}',
        'POST /api/search/items',
        'GET /api/recommendations/generate_recommendations',
        'GET /api/recommendations/generation_status',
        'GET /api/recommendations/list_recommendations',
        'POST /api/recommendations/accept_recommendation',
        'POST /api/recommendations/delete_recommendation',
      ]),
    );
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes).toContain('/api/auth/signup');
  });

  it('says which sources this server has configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(json(res)).toEqual({
      google: { configured: false },
      dropbox: { configured: false },
      whatsapp: { configured: false },
      extension: {
        store_url: 'https://store.example/easio',
        firefox_store_url: null,
        packages: { chrome: false, firefox: false },
      },
      error_reporting: { sentry_dsn: null },
      mail: { configured: false, require_verified_email: false },
      trash: { days: 30 },
      privacy: {
        contact_email: 'privacy@easio.example',
        postal_address: 'Easio Ltd\n1 Quay Street',
        request_url: null,
      },
    });
  });

  it('reports health with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(json(res)).toEqual({ status: 'ok', database: kind });
  });

  it('sends a Google sign-in back to the app with a plain reason while Google is not configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/login?redirect_path=signup' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/signup?error=Google+is+not+configured+on+this+server');
    const me = await signedInUser(t.app);
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/google/get_auth_url/signup',
      headers: me.auth,
    });
    expect(api.statusCode).toBe(503);
    expect(json(api)).toEqual({ detail: 'Google is not configured on this server' });
    const dropbox = await t.app.inject({ method: 'GET', url: '/api/dropbox/get_auth_url/signup' });
    expect(dropbox.headers.location).toBe('/signup?error=Dropbox+is+not+configured+on+this+server');
  });

  it('refuses an unknown redirect path with 422 instead of redirecting anywhere', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/login?redirect_path=https://evil.example',
    });
    expect(res.statusCode).toBe(422);
  });
});
