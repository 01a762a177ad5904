import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toastError } from './toast';

/**
 * The server sends the browser back with `?error=<message>` when a sign-in or connect redirect fails
 * (for instance a provider is not configured, or its consent was refused). Calls `onError` once with
 * it and takes it out of the address, so a reload does not say it again. With a `state`, the error is
 * the answer of a Google consent screen: its own hook reports it.
 */
export function useReturnedErrorParam(onError: (message: string) => void) {
  const [params, setParams] = useSearchParams();
  const error = params.has('state') ? null : params.get('error');
  const shown = useRef<string | null>(null);
  const report = useRef(onError);
  report.current = onError;
  useEffect(() => {
    if (!error) return;
    if (shown.current !== error) {
      shown.current = error;
      report.current(error);
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [error, setParams]);
}

/** On the login and sign-up pages the returned error is a toast. */
export function useErrorParamToast(autoClose: number) {
  useReturnedErrorParam((message) => toastError(message, autoClose));
}
