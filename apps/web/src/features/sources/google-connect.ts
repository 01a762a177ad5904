import type { ConnectionService } from '@easio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { Auth } from '../../api/client';
import { toastError, toastSuccess } from '../../lib/toast';
import { type GoogleReturn, googleAuthUrl, importGoogle, storeGoogleToken } from './api';
import { sourceKeys } from './queries';

/** What Google puts on the return address; all of it leaves the address bar at once. */
const RETURN_KEYS = ['state', 'code', 'scope', 'error', 'iss', 'authuser', 'prompt', 'hd'];

/**
 * Connect Google: asks the server for the consent address and sends the browser there. The wizard's
 * step and chosen services (the service marker) are already in local storage, so it resumes on return.
 */
export function useGoogleConnect(returnTo: GoogleReturn, auth: Auth, service: ConnectionService = 'gdrive') {
  return useMutation({
    mutationFn: () => googleAuthUrl(returnTo, auth, [service]),
    onSuccess: (url) => window.location.assign(url),
    onError: (error) => toastError(error),
  });
}

/**
 * Back from Google's consent screen (spec section 4): the code is handed to the server
 * (`store_token`), its status shown as a toast, then the import starts (`import_gdrive`). Runs once
 * per return, as soon as there is a session to do it with.
 */
export function useGoogleConnectReturn(returnTo: GoogleReturn, auth: Auth | null, onConnected?: () => void) {
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const handled = useRef<string | null>(null);
  const state = params.get('state');
  const answered = params.has('code') || params.has('error');

  useEffect(() => {
    if (!auth || !state || !answered || handled.current === state) return;
    handled.current = state;
    const returned = new URLSearchParams(params);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of RETURN_KEYS) next.delete(key);
        return next;
      },
      { replace: true },
    );
    void (async () => {
      try {
        const stored = await storeGoogleToken(returned, returnTo, auth);
        toastSuccess(stored.status);
        await importGoogle(auth);
        onConnected?.();
      } catch (error) {
        toastError(error);
      } finally {
        void client.invalidateQueries({ queryKey: sourceKeys.all });
        void client.invalidateQueries({ queryKey: ['auth', 'me'] });
      }
    })();
  }, [auth, state, answered, params, setParams, returnTo, client, onConnected]);
}
