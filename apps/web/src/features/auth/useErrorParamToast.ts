import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toastError } from '../../lib/toast';

/**
 * The server sends the browser back with `?error=<message>` when a sign-in or connect redirect fails
 * (for instance Google is not configured): show it as a toast, then take it out of the address.
 */
export function useErrorParamToast(autoClose: number) {
  const [params, setParams] = useSearchParams();
  // With a `state`, the error is the answer of a Google consent screen: its own hook reports it.
  const error = params.has('state') ? null : params.get('error');
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!error) return;
    if (shown.current !== error) {
      shown.current = error;
      toastError(error, autoClose);
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [error, autoClose, setParams]);
}
