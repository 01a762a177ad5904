import { expect } from 'vitest';
import type { TestApp } from '../test-app.js';
import { followToReturn } from './follow.js';

type Authed = { auth: { authorization: string } };

/** The whole consent round trip as the app makes it: consent address, Google, then store_token. */
export async function connectGoogle(t: TestApp, user: Authed, publicUrl: string, services = 'gdrive') {
  const consent = await t.app.inject({
    method: 'GET',
    url: `/api/google/get_auth_url/my-source?services=${services}`,
    headers: user.auth,
  });
  expect(consent.statusCode).toBe(200);
  const back = await followToReturn(consent.json<string>(), `${publicUrl}/my-source`);
  const stored = await t.app.inject({
    method: 'GET',
    url: `/api/google/store_token?${back.searchParams.toString()}&redirect_path=my-source`,
    headers: user.auth,
  });
  return { stored, back };
}

/** `import_gdrive`, then waits for every queued job (the syncs) to finish. */
export async function importGoogle(t: TestApp, user: Authed) {
  const started = await t.app.inject({ method: 'GET', url: '/api/google/import_gdrive', headers: user.auth });
  expect(started.statusCode).toBe(200);
  await t.queue?.drain();
  return started.json<{ id: string; services: string[] }>();
}
