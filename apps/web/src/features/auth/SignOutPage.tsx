import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { apiRequest } from '../../api/client';
import { readAccessClaims } from '../../api/session-token';
import { FullPageLoader } from '../../components/Loading';
import { clearSession, getSession } from '../../state/session';

const ended = z.object({ ended: z.literal(true) });

const safeClaims = (token: string) => {
  try {
    return readAccessClaims(token);
  } catch {
    return null;
  }
};

/** /signout: clears the stored user and info and every cached answer, then shows /login. */
export function SignOutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    // The sign-in ends on the server too (its token stops working), when it is one the server keeps.
    const session = getSession();
    const sid = session ? safeClaims(session.access_token)?.sid : undefined;
    if (sid) {
      apiRequest(`/auth/users/me/sessions/${sid}/end`, ended, { method: 'POST' }).catch(() => undefined);
    }
    clearSession({ byUser: true });
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [navigate, queryClient]);
  return <FullPageLoader />;
}
