import { Alert, Button, Stack } from '@mantine/core';
import { errorMessage } from '../api/error-message';

/** What could not be loaded, why, and a way to try again. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" title={title}>
      <Stack gap="xs" align="flex-start">
        {errorMessage(error)}
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
