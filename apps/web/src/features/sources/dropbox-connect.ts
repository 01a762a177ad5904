import { TOAST_MS } from '@easio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { type Auth, apiRequest } from '../../api/client';
import { toastError, toastSuccess } from '../../lib/toast';
import type { GoogleReturn } from './api';
import { sourceKeys } from './queries';

/** What the app shows back from Dropbox (spec section 4). */
export const DROPBOX_CONNECTED = 'dropbox successfully connected';

/** `GET /dropbox/get_auth_url/{source}` with the session: Dropbox's consent address, where the browser goes next. */
export function useDropboxConnect(returnTo: GoogleReturn, auth: Auth) {
  return useMutation({
    mutationFn: () => apiRequest(`/dropbox/get_auth_url/${returnTo}`, z.string().url(), { auth }),
    onSuccess: (url) => window.location.assign(url),
    onError: (error) => toastError(error),
  });
}

/**
 * Back from Dropbox with `?dropbox=connected`: the server has stored the tokens and started the import;
 * say so, and read the connections and the user info again.
 */
export function useDropboxReturn(onConnected?: () => void) {
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const connected = params.get('dropbox') === 'connected';
  const shown = useRef(false);
  useEffect(() => {
    if (!connected || shown.current) return;
    shown.current = true;
    toastSuccess(DROPBOX_CONNECTED, TOAST_MS.topBar);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('dropbox');
        return next;
      },
      { replace: true },
    );
    void client.invalidateQueries({ queryKey: sourceKeys.all });
    void client.invalidateQueries({ queryKey: ['auth', 'me'] });
    onConnected?.();
  }, [connected, setParams, client, onConnected]);
}
