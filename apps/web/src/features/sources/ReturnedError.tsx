import { Alert } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A provider's consent screen that failed or was refused (Dropbox, or an old connect link) sends the
 * browser back with `?error=<what happened>`. The page says it where the person looks, until they
 * close it, and the address loses it so a reload does not say it again. A Google answer carries a
 * `state` and is reported by its own hook.
 */
export function ReturnedError() {
  const [params, setParams] = useSearchParams();
  const returned = params.has('state') ? null : params.get('error');
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (!returned) return;
    setMessage(returned);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [returned, setParams]);
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      title="The source was not connected"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => setMessage(null)}
      role="alert"
      mb="md"
    >
      {message}
    </Alert>
  );
}
