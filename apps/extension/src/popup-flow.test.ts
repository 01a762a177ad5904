import { describe, expect, it } from 'vitest';
import { createEasioClient, OFFLINE } from './api';
import { type PopupDeps, type StoredAccount, sendFromPopup, signIn, whenOpened } from './popup-flow';
import { createSaveQueue, type KeyValue } from './queue';
import { noteSave } from './saves';

const REVOKED = 'Sign in to the extension with an API token from Settings › Sources';
const ACCOUNT: StoredAccount = { server: 'https://easio.example.org', token: 'easio_t', username: 'ada' };

function memory(): KeyValue {
  const data = new Map<string, unknown>();
  return {
    get: async (key) => structuredClone(data.get(key)),
    set: async (key, value) => {
      data.set(key, structuredClone(value));
    },
  };
}

type Server = (path: string, init: RequestInit) => Response | 'offline';
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const revoked: Server = () => json(401, { detail: REVOKED });
const offline: Server = () => 'offline';
const working: Server = (path, init) =>
  path.endsWith('/me')
    ? json(200, { username: 'ada', email: 'ada@example.org', scopes: ['save', 'folders'] })
    : json(201, { id: 'i1', name: JSON.parse(String(init.body)).text, parent_id: 'root', created: true });

/** The popup's state over a fake server, whose behaviour a test may change midway. */
function popup(account: StoredAccount | null, server: Server) {
  const state = { account, server };
  const queue = createSaveQueue(memory());
  const deps: PopupDeps = {
    readAccount: async () => state.account,
    saveAccount: async (a) => {
      state.account = a;
    },
    forgetAccount: async () => {
      state.account = null;
    },
    lastServer: async () => ACCOUNT.server,
    clientFor: (a) =>
      createEasioClient(a, async (url, init) => {
        const answer = state.server(String(url), init ?? {});
        if (answer === 'offline') throw new TypeError('Failed to fetch');
        return answer;
      }),
    queue,
  };
  return { state, deps, queue };
}

describe('the popup, with a revoked token', () => {
  it('checks the token on opening: signs out and shows the sign-in form with Easio’s words', async () => {
    const { state, deps } = popup(ACCOUNT, revoked);
    await deps.queue.add(noteSave('waiting', null), 'waiting', OFFLINE);
    expect(await whenOpened(deps)).toEqual({
      screen: 'sign-in',
      server: ACCOUNT.server,
      error: `${REVOKED}. 1 save is kept here and sent once you sign in again.`,
    });
    expect(state.account).toBeNull();
    expect(await deps.queue.list()).toHaveLength(1);
  });

  it('keeps a save refused with 401 and sends it once signed in again', async () => {
    const { state, deps, queue } = popup(ACCOUNT, revoked);
    const result = await sendFromPopup(deps, noteSave('Buy stamps', null), 'Nothing to save');
    expect(result).toEqual({
      screen: 'sign-in',
      server: ACCOUNT.server,
      error: `${REVOKED}. 1 save is kept here and sent once you sign in again.`,
    });
    expect(state.account).toBeNull();
    state.server = working;
    const signed = await signIn(deps, {
      server: ACCOUNT.server,
      schemeTyped: true,
      token: ' easio_new ',
      access: Promise.resolve(true),
    });
    expect(signed).toMatchObject({ ok: true, account: { token: 'easio_new', username: 'ada' } });
    const client = deps.clientFor(state.account as StoredAccount);
    expect(await queue.flush((save) => client.save(save))).toMatchObject({ sent: 1, left: 0 });
  });

  it('keeps the save and asks to sign in when the background signed out meanwhile', async () => {
    const { deps } = popup(null, working);
    const result = await sendFromPopup(deps, noteSave('Later', null), 'Nothing to save');
    expect(result).toMatchObject({
      screen: 'sign-in',
      error: expect.stringContaining('1 save is kept here'),
    });
    expect(await deps.queue.list()).toHaveLength(1);
  });
});

describe('the popup', () => {
  it('opens on the save panel when the token works, and when offline (saves then wait)', async () => {
    expect(await whenOpened(popup(ACCOUNT, working).deps)).toMatchObject({ screen: 'saver', problem: null });
    expect(await whenOpened(popup(ACCOUNT, offline).deps)).toMatchObject({
      screen: 'saver',
      problem: OFFLINE,
    });
    expect(await whenOpened(popup(null, working).deps)).toEqual({
      screen: 'sign-in',
      error: '',
      server: ACCOUNT.server,
    });
  });

  it('never answers nothing: a missing save, a refusal, a deleted binder', async () => {
    const { deps, state } = popup(ACCOUNT, working);
    expect(await sendFromPopup(deps, null, 'Select some text on the page first')).toEqual({
      screen: 'saver',
      tone: 'error',
      text: 'Select some text on the page first',
      done: false,
    });
    state.server = () => json(422, { detail: 'Note is too long' });
    expect(await sendFromPopup(deps, noteSave('x', null), '')).toMatchObject({
      tone: 'error',
      text: 'Note is too long',
    });
    state.server = () =>
      json(201, { id: 'i', name: 'Kept', parent_id: 'root', created: true, folder_missing: true });
    expect(await sendFromPopup(deps, noteSave('Kept', 'gone'), '')).toMatchObject({
      tone: 'info',
      text: 'The binder was deleted: Kept was saved to your desk',
      done: true,
    });
  });
});

describe('signing in', () => {
  const input = { server: 'https://nas.lan:3000', schemeTyped: false, token: 'easio_t' };

  it('says the address cannot be reached (not "offline"), with the address', async () => {
    const result = await signIn(popup(null, offline).deps, { ...input, access: Promise.resolve(false) });
    expect(result).toEqual({
      ok: false,
      error:
        'Cannot reach https://nas.lan:3000: check the address, and that Easio is running there. If it is served over plain http, type http://nas.lan:3000',
    });
  });

  it('tries again once the browser grants the server’s origin', async () => {
    const { deps, state } = popup(null, offline);
    let grant = (_: boolean) => {};
    const access = new Promise<boolean>((resolve) => {
      grant = resolve;
    });
    const signing = signIn(deps, { ...input, access });
    state.server = working; // what the granted origin changes: the call is let through
    grant(true);
    expect(await signing).toMatchObject({ ok: true, account: { username: 'ada' } });
    expect(state.account).toMatchObject({ server: 'https://nas.lan:3000', token: 'easio_t' });
  });

  it('says Easio’s refusal as it is, and asks for a token first', async () => {
    expect(await signIn(popup(null, revoked).deps, { ...input, access: Promise.resolve(true) })).toEqual({
      ok: false,
      error: REVOKED,
    });
    expect(
      await signIn(popup(null, working).deps, { ...input, token: ' ', access: Promise.resolve(true) }),
    ).toEqual({ ok: false, error: 'Paste the API token made in Easio under Settings › Sources' });
  });
});
