import {
  type ConnectionService,
  DISCONNECT_WHATSAPP_MUTATION,
  SERVICE_LABEL,
  type UserInfo,
  userInfoSchema,
} from '@easio/shared';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { z } from 'zod';
import { errorMessage } from '../../api/error-message';
import { graphqlRequest } from '../../api/graphql';
import { storeMe, useMe } from '../../api/queries';
import { toastError, toastSuccess } from '../../lib/toast';
import { DisconnectModal } from '../sources/DisconnectModal';
import { useSources } from '../sources/queries';

const answer = z.object({ update_users_by_pk: userInfoSchema.nullable() });

/** The services linked by OAuth, each with its account and a way to disconnect it. */
const LINKED: ConnectionService[] = ['gdrive', 'gmail', 'gcalendar', 'dropbox'];

function DisconnectButton({ service, items }: { service: ConnectionService; items: number }) {
  const [opened, toggle] = useDisclosure(false);
  return (
    <>
      <Button variant="default" onClick={toggle.open}>
        Disconnect {SERVICE_LABEL[service]}
      </Button>
      <DisconnectModal service={service} items={items} opened={opened} onClose={toggle.close} />
    </>
  );
}

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

/** /profile/accounts: the accounts linked to this desk, each with a way to disconnect it (and what it brought). */
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
  const sources = useSources();
  const connectionOf = (service: ConnectionService) =>
    sources.data?.connections.find((c) => c.service === service);
  const whatsapp = connectionOf('whatsapp');
  const info = me.data;
  if (!info) return null;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Connected accounts
      </Title>
      {LINKED.map((service) => {
        const connection = connectionOf(service);
        return (
          <Row
            key={service}
            name={SERVICE_LABEL[service]}
            on={connection !== undefined}
            detail={connection?.account_email ?? undefined}
            action={connection ? <DisconnectButton service={service} items={connection.items} /> : undefined}
          />
        );
      })}
      <Row
        name="WhatsApp"
        on={info.whatsapp_active}
        detail={info.whatsapp_active && info.phone_number ? `+${info.phone_number}` : undefined}
        action={
          info.whatsapp_active ? (
            whatsapp ? (
              // Messages it brought are on the desk: offer to delete them too.
              <DisconnectButton service="whatsapp" items={whatsapp.items} />
            ) : (
              <Button
                variant="default"
                onClick={() => disconnect.mutate(info)}
                loading={disconnect.isPending}
              >
                Disconnect WhatsApp
              </Button>
            )
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
