import type { ExtensionSave } from '@easio/shared';
import { type Account, type EasioClient, EasioError } from './api';
import type { Tone } from './notices';
import type { SaveQueue } from './queue';
import { labelOf, OFFLINE_KEPT, savedText, saveOrQueue } from './saves';
import { unreachableMessage } from './server-address';

export type StoredAccount = Account & { username: string };

/** What the popup needs of the extension's state (its storage and the server), so it can be tested. */
export interface PopupDeps {
  readAccount(): Promise<StoredAccount | null>;
  saveAccount(account: StoredAccount): Promise<void>;
  forgetAccount(): Promise<void>;
  /** The address last signed in to, to fill the sign-in form with. */
  lastServer(): Promise<string>;
  clientFor(account: Account): Pick<EasioClient, 'me' | 'save'>;
  queue: Pick<SaveQueue, 'add' | 'list'>;
}

export type SignInScreen = { screen: 'sign-in'; error: string; server: string };
export type Screen = SignInScreen | { screen: 'saver'; account: StoredAccount; problem: string | null };

const waitingText = (n: number) =>
  n === 1
    ? '1 save is kept here and sent once you sign in again.'
    : `${n} saves are kept here and sent once you sign in again.`;

/** The token no longer works: the extension signs out, and the sign-in form says why (in Easio's words). */
export async function signedOut(deps: PopupDeps, server: string, reason: string): Promise<SignInScreen> {
  await deps.forgetAccount();
  const waiting = (await deps.queue.list()).length;
  const sentence = /[.!?]$/.test(reason) ? reason : `${reason}.`;
  return { screen: 'sign-in', server, error: waiting > 0 ? `${sentence} ${waitingText(waiting)}` : reason };
}

/** What the popup shows when it opens: the token is checked first, so a revoked one signs out at once. */
export async function whenOpened(deps: PopupDeps): Promise<Screen> {
  const account = await deps.readAccount();
  if (!account) return { screen: 'sign-in', error: '', server: await deps.lastServer() };
  try {
    const me = await deps.clientFor(account).me();
    if (me.username !== account.username) await deps.saveAccount({ ...account, username: me.username });
    return { screen: 'saver', account: { ...account, username: me.username }, problem: null };
  } catch (error) {
    if (error instanceof EasioError && error.signedOut) return signedOut(deps, account.server, error.message);
    // Offline or Easio down: saving still works, into the queue.
    return { screen: 'saver', account, problem: error instanceof Error ? error.message : null };
  }
}

export type SendResult = SignInScreen | { screen: 'saver'; tone: Tone; text: string; done: boolean };

/** Saves from the popup: always answers something to say, and never loses the save to a revoked token. */
export async function sendFromPopup(
  deps: PopupDeps,
  save: ExtensionSave | null,
  missing: string,
): Promise<SendResult> {
  if (!save) return { screen: 'saver', tone: 'error', text: missing, done: false };
  const account = await deps.readAccount();
  if (!account) {
    // Signed out meanwhile (by the background, on a revoked token): keep the save for after signing in.
    await deps.queue.add(save, labelOf(save), 'Signed out');
    return signedOut(deps, await deps.lastServer(), 'Sign in to Easio again.');
  }
  try {
    const outcome = await saveOrQueue(deps.clientFor(account), deps.queue, save);
    if (outcome.state === 'signed-out') return signedOut(deps, account.server, outcome.reason);
    if (outcome.state === 'queued') return { screen: 'saver', tone: 'info', text: OFFLINE_KEPT, done: true };
    return { screen: 'saver', tone: outcome.toDesk ? 'info' : 'ok', text: savedText(outcome), done: true };
  } catch (error) {
    return {
      screen: 'saver',
      tone: 'error',
      text: error instanceof Error ? error.message : 'Not saved',
      done: false,
    };
  }
}

export interface SignInInput {
  /** Already normalised (normaliseServer). */
  server: string;
  /** Whether the user typed the scheme (else https:// was assumed). */
  schemeTyped: boolean;
  token: string;
  /** The browser's answer to the request for this server's origin (asked on submit, a user gesture). */
  access: Promise<boolean>;
}

/** Signs in with a token: checks it with Easio and keeps it; answers what went wrong, in plain words. */
export async function signIn(
  deps: Pick<PopupDeps, 'clientFor' | 'saveAccount'>,
  input: SignInInput,
): Promise<{ ok: true; account: StoredAccount } | { ok: false; error: string }> {
  const token = input.token.trim();
  if (!token) return { ok: false, error: 'Paste the API token made in Easio under Settings › Sources' };
  const account = { server: input.server, token };
  const client = deps.clientFor(account);
  const unreachable = (error: unknown) => error instanceof EasioError && error.unreachable;
  const problem = (error: unknown) =>
    unreachable(error)
      ? unreachableMessage(input.server, input.schemeTyped)
      : error instanceof Error
        ? error.message
        : 'Could not sign in';
  try {
    let me: Awaited<ReturnType<typeof client.me>>;
    try {
      me = await client.me();
    } catch (error) {
      // Without access to the server's origin only its CORS lets the call through: once the user
      // grants it (the prompt may still be open), try again.
      if (!unreachable(error) || !(await input.access)) throw error;
      me = await client.me();
    }
    const signed = { ...account, username: me.username };
    await deps.saveAccount(signed);
    return { ok: true, account: signed };
  } catch (error) {
    return { ok: false, error: problem(error) };
  }
}
