import { signInSchema, tokenResponseSchema } from '@easio/shared';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../api/client';
import { errorMessage } from '../../api/error-message';
import { readAccessClaims, sessionFromToken } from '../../api/session-token';
import { formatDate } from '../../lib/object-info';
import { toastError, toastSuccess } from '../../lib/toast';
import { setSession, useSession } from '../../state/session';
import { deviceName } from './device-name';

/** Where the account is signed in, each other device with its own sign-out. */
function SignInList() {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['auth', 'sessions'],
    queryFn: ({ signal }) => apiRequest('/auth/users/me/sessions', z.array(signInSchema), { signal }),
  });
  const end = useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/auth/users/me/sessions/${id}/end`, z.object({ ended: z.literal(true) }), {
        method: 'POST',
      }),
    onSuccess: () => {
      toastSuccess('That device is signed out');
      void queryClient.invalidateQueries({ queryKey: ['auth', 'sessions'] });
    },
    onError: (error) => toastError(errorMessage(error)),
  });
  if (!list.data) return null;
  return (
    <Table withTableBorder aria-label="Where you are signed in">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Browser or device</Table.Th>
          <Table.Th>Signed in</Table.Th>
          <Table.Th>Last used</Table.Th>
          <Table.Th>
            <VisuallyHidden>Sign out</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {list.data.map((s) => (
          <Table.Tr key={s.id}>
            <Table.Td>
              <Text size="sm" lineClamp={1} title={s.user_agent}>
                {deviceName(s.user_agent)}
              </Text>
            </Table.Td>
            <Table.Td>{formatDate(s.created_at, true)}</Table.Td>
            <Table.Td>{formatDate(s.last_seen_at, true)}</Table.Td>
            <Table.Td>
              {s.current ? (
                <Badge variant="light">This device</Badge>
              ) : (
                <Button size="xs" variant="subtle" color="red" onClick={() => end.mutate(s.id)}>
                  Sign out
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * /profile/userManagement: the account's one user (you), this device's session, and signing out of
 * every other device (every earlier token stops working; this device gets a new one).
 */
export function UserManagementPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const claims = session ? readAccessClaims(session.access_token) : null;
  const signOutElsewhere = useMutation({
    mutationFn: () =>
      apiRequest('/auth/users/me/sign_out_everywhere', tokenResponseSchema, { method: 'POST' }),
    onSuccess: ({ access_token }) => {
      setSession(sessionFromToken(access_token));
      toastSuccess('Signed out of every other device');
      void queryClient.invalidateQueries({ queryKey: ['auth', 'sessions'] });
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
          {claims && (
            <Text size="sm">
              This sign-in lasts until {formatDate(new Date(claims.exp * 1000).toISOString(), true)}.
            </Text>
          )}
        </Stack>
      </Paper>
      <SignInList />
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
