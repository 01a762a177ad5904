import { browser } from 'wxt/browser';
import { type Account, createEasioClient } from './api';
import { createSaveQueue, type KeyValue } from './queue';

const ACCOUNT = 'easio.account';

/** The extension's own storage (kept on this device, never synced). */
export const localStore: KeyValue = {
  async get(key) {
    return (await browser.storage.local.get(key))[key];
  },
  async set(key, value) {
    await browser.storage.local.set({ [key]: value });
  },
};

export const queue = createSaveQueue(localStore);

export async function readAccount(): Promise<(Account & { username: string }) | null> {
  const value = (await localStore.get(ACCOUNT)) as (Account & { username: string }) | undefined;
  return value?.server && value.token ? value : null;
}

export const saveAccount = (account: Account & { username: string }) => localStore.set(ACCOUNT, account);
export const forgetAccount = () => browser.storage.local.remove(ACCOUNT);

export async function currentClient() {
  const account = await readAccount();
  return account ? createEasioClient(account) : null;
}

/** Sends what waits in the queue; a revoked token signs the extension out. */
export async function flushQueue() {
  const client = await currentClient();
  if (!client) return null;
  const result = await queue.flush((save) => client.save(save));
  if (result.signedOut) await forgetAccount();
  return result;
}
