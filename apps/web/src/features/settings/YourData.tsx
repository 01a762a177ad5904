import {
  ACCOUNT_DELETED_MESSAGE,
  deleteAccountSchema,
  type ExportTicket,
  exportTicketSchema,
} from '@easio/shared';
import { Alert, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { isApiError } from '../../api/api-error';
import { apiRequest } from '../../api/client';
import { errorMessage } from '../../api/error-message';
import { useMe } from '../../api/queries';
import { SecretInput } from '../../components/SecretInput';
import { formatSize } from '../../lib/object-info';
import { toastSuccess } from '../../lib/toast';
import { clearSession } from '../../state/session';
import { RestoreFromExport } from './RestoreFromExport';

const deleted = z.object({ detail: z.string() });

/** Download my data: asks for the export's address, says how much it holds, and starts the download. */
function DownloadMyData() {
  const [ready, setReady] = useState<ExportTicket | null>(null);
  const ask = useMutation({
    mutationFn: () => apiRequest('/account/export', exportTicketSchema, { method: 'POST' }),
    onSuccess: (ticket) => {
      setReady(ticket);
      // The browser downloads it (and shows its progress); the page stays.
      window.location.assign(ticket.url);
    },
  });
  return (
    <Stack gap="xs">
      <Text size="sm">
        One ZIP with your account, every item on your desk with its drawer and binder, your suggestions and
        filing history (as JSON), and every file you stored, in its folders.
      </Text>
      <Group>
        <Button variant="light" onClick={() => ask.mutate()} loading={ask.isPending}>
          Download my data
        </Button>
      </Group>
      {ready && (
        <Text size="sm" c="dimmed" role="status">
          Your download has started: {ready.items.toLocaleString()} items and {ready.files.toLocaleString()}{' '}
          files ({formatSize(ready.bytes)}). Your browser shows its progress.
        </Text>
      )}
      {ask.isError && (
        <Text size="sm" c="red" role="alert">
          {errorMessage(ask.error)}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Delete my account: only with the password (or, for an account that signs in with Google only, its
 * e-mail address typed out), after saying plainly what goes.
 */
function DeleteMyAccount() {
  const me = useMe();
  const byEmail = me.data?.google_only === true;
  const [opened, modal] = useDisclosure(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const erase = useMutation({
    mutationFn: (body: { password: string }) =>
      apiRequest('/account/delete', deleted, { json: deleteAccountSchema.parse(body) }),
    onSuccess: () => {
      // Signed out: the protected pages' guard shows the sign-in page, with the toast saying why.
      clearSession({ byUser: true });
      queryClient.clear();
      toastSuccess(ACCOUNT_DELETED_MESSAGE);
    },
    onError: (error) =>
      setProblem(isApiError(error) ? (error.detail ?? errorMessage(error)) : errorMessage(error)),
  });
  return (
    <Stack gap="xs">
      <Text size="sm">
        Erases your account, everything on your desk and every file you stored, at once and for good. Download
        your data first if you want to keep it.
      </Text>
      <Group>
        <Button color="red" variant="light" onClick={modal.open}>
          Delete my account
        </Button>
      </Group>
      <Modal opened={opened} onClose={modal.close} title="Delete your account?" centered>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!password) {
              setProblem(byEmail ? 'Type your e-mail address' : 'Enter your password');
              return;
            }
            erase.mutate({ password });
          }}
        >
          <Stack>
            <Alert color="red" variant="light">
              This cannot be undone: your account, your desk and your files are erased, and you are signed out
              everywhere.
            </Alert>
            {byEmail ? (
              <TextInput
                label="Your e-mail address"
                description={`You sign in with Google: type ${me.data?.email ?? 'your e-mail address'} to confirm`}
                autoComplete="off"
                value={password}
                onChange={(event) => {
                  setPassword(event.currentTarget.value);
                  setProblem(null);
                }}
                error={problem}
              />
            ) : (
              <SecretInput
                label="Password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => {
                  setPassword(event.currentTarget.value);
                  setProblem(null);
                }}
                error={problem}
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={modal.close}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={erase.isPending}>
                Delete for good
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}

/** The rights the privacy notice promises, on the account settings page. */
export function YourData() {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          Your data
        </Title>
        <DownloadMyData />
        <RestoreFromExport />
        <DeleteMyAccount />
      </Stack>
    </Paper>
  );
}
