import { Alert } from '@mantine/core';
import { errorMessage } from '../api/error-message';

/** Why a form's values were not taken, said under it once the server refused them (nothing before). */
export function SendError({ error, title }: { error: Error | null; title?: string }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" p="xs" title={title}>
      {errorMessage(error)}
    </Alert>
  );
}
