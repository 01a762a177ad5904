import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest } from './client';

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
});
