import { describe, expect, it } from 'vitest';
import { createEasioClient, EasioError } from './api';
import { labelOf, noteSave, pageSave, selectionSave } from './saves';

const answer = (status: number, body: unknown) =>
  (async () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    })) as typeof fetch;

describe('the Easio client', () => {
  it('sends the token and the save, and reads the answer', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const client = createEasioClient(
      { server: 'https://easio.example.org', token: 'easio_t' },
      async (url, init) => {
        calls.push({ url: String(url), init: init ?? {} });
        return new Response(JSON.stringify({ id: 'x', name: 'Page', parent_id: null, created: true }), {
          status: 201,
        });
      },
    );
    const save = pageSave(
      { url: 'https://a.example/p', title: 'Page', description: 'd', favicon: '', selection: '' },
      null,
    );
    expect(await client.save(save)).toEqual({ id: 'x', name: 'Page', parent_id: null, created: true });
    expect(calls[0]?.url).toBe('https://easio.example.org/api/extension/items');
    expect(new Headers(calls[0]?.init.headers).get('authorization')).toBe('Bearer easio_t');
    expect(JSON.parse(String(calls[0]?.init.body))).toMatchObject({
      kind: 'page',
      title: 'Page',
      description: 'd',
      parent_id: null,
    });
  });

  it("says the server's refusal, and tells offline (retry later) from a refusal (do not)", async () => {
    const refused = createEasioClient(
      { server: 'https://e', token: 't' },
      answer(403, { detail: 'This token may not save' }),
    );
    const error = await refused.me().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EasioError);
    expect((error as EasioError).message).toBe('This token may not save');
    expect((error as EasioError).retryable).toBe(false);
    const offline = createEasioClient({ server: 'https://e', token: 't' }, async () => {
      throw new TypeError('Failed to fetch');
    });
    const down = (await offline.me().catch((e: unknown) => e)) as EasioError;
    expect([down.message, down.retryable]).toEqual(['Easio cannot be reached: you may be offline', true]);
    const busy = (await createEasioClient({ server: 'https://e', token: 't' }, answer(503, {}))
      .me()
      .catch((e: unknown) => e)) as EasioError;
    expect(busy.retryable).toBe(true);
    const revoked = (await createEasioClient(
      { server: 'https://e', token: 't' },
      answer(401, { detail: 'x' }),
    )
      .me()
      .catch((e: unknown) => e)) as EasioError;
    expect(revoked.signedOut).toBe(true);
  });
});

describe('saves', () => {
  it('give each save its own id and say what it is', () => {
    const a = noteSave('Buy stamps and envelopes for the letters', null);
    const b = noteSave('Buy stamps and envelopes for the letters', null);
    expect(a.client_id).not.toBe(b.client_id);
    expect(labelOf(a)).toBe('Note “Buy stamps and envelopes for the letters”');
    const quote = selectionSave({ url: 'https://a.example', title: 'A', selection: 'x'.repeat(70) }, 'f');
    expect(quote).toMatchObject({ kind: 'selection', parent_id: 'f', url: 'https://a.example' });
    expect(labelOf(quote)).toBe(`“${'x'.repeat(60)}…”`);
  });
});
