import { DISCONNECT_WHATSAPP_MUTATION, type UserInfo, userInfoSchema } from '@easio/shared';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { z } from 'zod';
import { errorMessage } from '../../api/error-message';
import { graphqlRequest } from '../../api/graphql';
import { storeMe, useMe } from '../../api/queries';
import { toastError, toastSuccess } from '../../lib/toast';

const answer = z.object({ update_users_by_pk: userInfoSchema.nullable() });

function Row({
  name,
  on,
  detail,
  action,
}: {
  name: string;
  on: boolean;
  detail?: string;
  action?: React.ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{name}</Text>
            <Badge variant="light" color={on ? 'teal' : 'gray'}>
              {on ? 'connected' : 'not connected'}
            </Badge>
          </Group>
          {detail && (
            <Text size="sm" c="dimmed">
              {detail}
            </Text>
          )}
        </Stack>
        {action}
      </Group>
    </Paper>
  );
}

/** /profile/accounts: the accounts linked to this desk, and turning WhatsApp off. */
export function AccountsPage() {
  const me = useMe();
  const queryClient = useQueryClient();
  const disconnect = useMutation({
    mutationFn: async (info: UserInfo) => {
      const saved = await graphqlRequest(DISCONNECT_WHATSAPP_MUTATION, { id: info.id }, answer);
      if (!saved.update_users_by_pk) throw new Error('Your account could not be found: sign in again');
      return saved.update_users_by_pk;
    },
    onSuccess: (info) => {
      storeMe(queryClient, info);
      toastSuccess('WhatsApp disconnected: messages from your number no longer reach your desk');
    },
    onError: (error) => toastError(errorMessage(error)),
  });
  const info = me.data;
  if (!info) return null;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Connected accounts
      </Title>
      <Row name="Google Drive" on={info.gdrive_active} />
      <Row name="Gmail" on={info.gmail_active} />
      <Row name="Dropbox" on={info.dropbox_active} />
      <Row
        name="WhatsApp"
        on={info.whatsapp_active}
        detail={info.whatsapp_active && info.phone_number ? `+${info.phone_number}` : undefined}
        action={
          info.whatsapp_active ? (
            <Button variant="default" onClick={() => disconnect.mutate(info)} loading={disconnect.isPending}>
              Disconnect WhatsApp
            </Button>
          ) : undefined
        }
      />
      <Text size="sm" c="dimmed">
        Connect sources from{' '}
        <Anchor component={Link} to="/my-source">
          My Sources
        </Anchor>{' '}
        or{' '}
        <Anchor component={Link} to="/settings/sources">
          Settings › Sources
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
