import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest, NetworkError } from './client';

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('answers a request cut off while its body is read with the abort, not as an unexpected answer', async () => {
    const controller = new AbortController();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', async () => {
      const response = new Response('{"ok":', { headers: { 'content-type': 'application/json' } });
      controller.abort();
      return response;
    });
    await expect(
      apiRequest('/anything', z.object({ ok: z.boolean() }), { auth: 'none', signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('still reports an answer that does not match the contract', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', async () => Response.json({ ok: 'yes' }));
    await expect(apiRequest('/anything', z.object({ ok: z.boolean() }), { auth: 'none' })).rejects.toThrow(
      'The server sent an unexpected answer',
    );
    expect(errors).toHaveBeenCalledOnce();
    errors.mockRestore();
  });

  it('says a call that got no answer was made offline, or that the server could not be reached', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('navigator', { onLine: false });
    const offline = apiRequest('/anything', z.object({}), { auth: 'none' });
    await expect(offline).rejects.toBeInstanceOf(NetworkError);
    await expect(offline).rejects.toThrow(
      'You are offline. This will load again when the connection is back.',
    );
    vi.stubGlobal('navigator', { onLine: true });
    await expect(apiRequest('/anything', z.object({}), { auth: 'none' })).rejects.toThrow(
      'Easio could not be reached. Check your connection and try again.',
    );
  });
});
