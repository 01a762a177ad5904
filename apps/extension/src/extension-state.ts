import { browser } from 'wxt/browser';
import { type Account, createEasioClient } from './api';
import { extensionLocks } from './locks';
import { createNotices } from './notices';
import type { PopupDeps, StoredAccount } from './popup-flow';
import { createSaveQueue, type KeyValue } from './queue';

const ACCOUNT = 'easio.account';
const LAST_SERVER = 'easio.server';

/** The extension's own storage (kept on this device, never synced). */
export const localStore: KeyValue = {
  async get(key) {
    return (await browser.storage.local.get(key))[key];
  },
  async set(key, value) {
    await browser.storage.local.set({ [key]: value });
  },
};

const locks = extensionLocks();
export const notices = createNotices(localStore, locks);
export const queue = createSaveQueue(localStore, { locks, onDropped: (dropped) => notices.dropped(dropped) });

export async function readAccount(): Promise<StoredAccount | null> {
  const value = (await localStore.get(ACCOUNT)) as StoredAccount | undefined;
  return value?.server && value.token ? value : null;
}

export async function saveAccount(account: StoredAccount) {
  await localStore.set(ACCOUNT, account);
  await localStore.set(LAST_SERVER, account.server);
}
export const forgetAccount = () => browser.storage.local.remove(ACCOUNT);
export async function lastServer(): Promise<string> {
  const value = await localStore.get(LAST_SERVER);
  return typeof value === 'string' ? value : '';
}

export async function currentClient() {
  const account = await readAccount();
  return account ? createEasioClient(account) : null;
}

export const popupDeps: PopupDeps = {
  readAccount,
  saveAccount,
  forgetAccount,
  lastServer,
  clientFor: (account: Account) => createEasioClient(account),
  queue,
};

/**
 * Sends what waits in the queue (one flush at a time, whichever page asks); a revoked token signs the
 * extension out, keeping the saves. What was dropped or went to the desk is kept for the popup to say.
 */
export async function flushQueue() {
  const client = await currentClient();
  if (!client) return null;
  const result = await queue.flush((save) => client.save(save));
  if (result.signedOut) await forgetAccount();
  await notices.toDesk(result.toDesk);
  return result;
}
