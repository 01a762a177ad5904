import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { FullPageLoader } from '../../components/Loading';
import { clearSession } from '../../state/session';

/** /signout: clears the stored user and info and every cached answer, then shows /login. */
export function SignOutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    clearSession();
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [navigate, queryClient]);
  return <FullPageLoader />;
}
