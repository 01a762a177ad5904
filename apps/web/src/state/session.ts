import { type SessionUser, STORAGE_KEYS } from '@easio/shared';
import { useSyncExternalStore } from 'react';
import { localStore } from './storage';
import { clearWizard } from './wizard';

/**
 * The signed-in session (spec section 4): kept in local storage under `user`, so the login state is
 * true at load when a stored user exists. Another tab's sign-in or sign-out reaches this one through
 * the `storage` event.
 */
let current: SessionUser | null = localStore.get('user');
let endedByUser = false;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function sameSession(a: SessionUser | null, b: SessionUser | null) {
  return a?.access_token === b?.access_token;
}

export function getSession(): SessionUser | null {
  return current;
}

/** Whether the last sign-out in this tab was the person's own doing. */
export function sessionEndedByUser(): boolean {
  return endedByUser;
}

/**
 * Signs in: stores the session under `user`. Whatever a sign-up wizard left behind is dropped: from
 * here on this browser is this account's, and an abandoned wizard's account must never take over.
 */
export function setSession(user: SessionUser): void {
  endedByUser = false;
  clearWizard();
  localStore.set('user', user);
  current = user;
  emit();
}

/**
 * Signs out: clears the stored user and user info, and any sign-up wizard left half done. `byUser`:
 * the person ended it (Sign Out, deleting the account), so the login page does not offer to come
 * back to the page they were on, as it does when a session runs out.
 */
export function clearSession({ byUser = false }: { byUser?: boolean } = {}): void {
  endedByUser = byUser;
  clearWizard();
  localStore.remove('user', 'info');
  if (current === null) return;
  current = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== STORAGE_KEYS.user) return;
    const next = localStore.get('user');
    if (sameSession(next, current)) return;
    current = next;
    emit();
  });
}

export function useSession(): SessionUser | null {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

export function useIsLoggedIn(): boolean {
  return useSession() !== null;
}
