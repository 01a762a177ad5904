import { tokenResponseSchema } from '@easio/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { errorMessage } from '../../api/error-message';
import { readAccessClaims, sessionFromToken } from '../../api/session-token';
import { toastError, toastSuccess } from '../../lib/toast';
import { setSession, useSession } from '../../state/session';

const when = (seconds: number) =>
  new Date(seconds * 1000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /profile/userManagement: the account's one user (you), this device's session, and signing out of
 * every other device (every earlier token stops working; this device gets a new one).
 */
export function UserManagementPage() {
  const session = useSession();
  const claims = session ? readAccessClaims(session.access_token) : null;
  const signOutElsewhere = useMutation({
    mutationFn: () =>
      apiRequest('/auth/users/me/sign_out_everywhere', tokenResponseSchema, { method: 'POST' }),
    onSuccess: ({ access_token }) => {
      setSession(sessionFromToken(access_token));
      toastSuccess('Signed out of every other device');
    },
    onError: (error) => toastError(errorMessage(error)),
  });
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        User management
      </Title>
      <Text c="dimmed">
        Your account has one user: you. Inviting others to your desk comes with team features.
      </Text>
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Title order={3} size="h5">
            This device
          </Title>
          <Text size="sm">Signed in as {session?.email}.</Text>
          {claims && <Text size="sm">This sign-in lasts until {when(claims.exp)}.</Text>}
        </Stack>
      </Paper>
      <Stack gap="xs">
        <Text size="sm">
          Signed in somewhere you no longer use, or lent a device? Sign out everywhere else: every other
          browser and device has to sign in again; you stay signed in here.
        </Text>
        <Group>
          <Button
            variant="light"
            color="red"
            onClick={() => signOutElsewhere.mutate()}
            loading={signOutElsewhere.isPending}
          >
            Sign out everywhere else
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}
