import { Alert } from '@mantine/core';
import { useState } from 'react';
import { useReturnedErrorParam } from '../../lib/use-error-param-toast';

/**
 * A provider's consent screen that failed or was refused (Dropbox, or an old connect link) comes back
 * with `?error=`: the page says it where the person looks, until they close it.
 */
export function ReturnedError() {
  const [message, setMessage] = useState<string | null>(null);
  useReturnedErrorParam(setMessage);
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
