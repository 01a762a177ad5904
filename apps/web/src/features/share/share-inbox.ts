/**
 * The share inbox the service worker (apps/web/pwa/sw.js) keeps a shared form in, under
 * `/share-inbox/<id>`, until the signed-in app has saved it.
 */
const INBOX = 'easio-share-inbox';
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isShareId(id: string | null): id is string {
  return id !== null && ID.test(id);
}

const keyOf = (id: string) => `/share-inbox/${id}`;

/** The shared form, or null when there is none under this id (saved already, or dropped after a day). */
export async function openShared(id: string): Promise<FormData | null> {
  if (!('caches' in window)) return null;
  const stored = await (await caches.open(INBOX)).match(keyOf(id));
  return stored ? stored.formData() : null;
}

export async function forgetShared(id: string): Promise<void> {
  if (!('caches' in window)) return;
  await (await caches.open(INBOX)).delete(keyOf(id));
}
