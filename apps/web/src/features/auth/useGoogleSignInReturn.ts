import { googleSignInReturnSchema, type SessionUser } from '@easio/shared';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { sessionFromToken } from '../../api/session-token';
import { toastError } from '../../lib/toast';
import { localStore } from '../../state/storage';

const KEYS = ['access_token', 'token_type', 'name', 'email', 'profile_picture'] as const;

/**
 * Back from Sign in with Google: the server put the session on the address (spec section 3's Google
 * redirect parameters). It is kept (`userData`, and handed to `onSession`) and taken out of the
 * address bar at once, so it is never bookmarked, shared or sent on.
 */
export function useGoogleSignInReturn(onSession: (session: SessionUser) => void) {
  const [params, setParams] = useSearchParams();
  const token = params.get('access_token');
  const done = useRef<string | null>(null);

  useEffect(() => {
    if (!token || done.current === token) return;
    done.current = token;
    const parsed = googleSignInReturnSchema.safeParse(
      Object.fromEntries(KEYS.map((k) => [k, params.get(k) ?? ''])),
    );
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of KEYS) next.delete(key);
        return next;
      },
      { replace: true },
    );
    if (!parsed.success) return;
    try {
      const session = sessionFromToken(parsed.data.access_token);
      localStore.set('userData', parsed.data);
      onSession(session);
    } catch (error) {
      toastError(error);
    }
  }, [token, params, setParams, onSession]);
}
