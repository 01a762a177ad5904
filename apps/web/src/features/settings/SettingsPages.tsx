import {
  type ConnectionService,
  type PublicConfig,
  SERVICE_LABEL,
  type SourceConnection,
  type UserInfo,
} from '@easio/shared';
import { Badge, Button, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useApiTokens } from '../../api/api-tokens';
import { storeMe, useMe, usePublicConfig } from '../../api/queries';
import { DisconnectModal } from '../sources/DisconnectModal';
import { useSources } from '../sources/queries';
import { ReturnedError } from '../sources/ReturnedError';
import { useServiceConnect } from '../sources/service-connect';
import { WhatsappNumberBox } from '../sources/WhatsappNumberBox';
import { ExtensionTokens } from './ExtensionTokens';

/** Each source: whether the account has it connected, and whether this server offers it. */
function sourceRows(c: PublicConfig, info: UserInfo, extensionSignedIn: boolean) {
  const offered = (configured: boolean) =>
    configured ? 'available: connect it from My Sources' : 'not configured on this server';
  return [
    {
      name: 'Google Drive',
      connected: info.gdrive_active,
      server: offered(c.google.configured),
      service: 'gdrive' as const,
    },
    {
      name: 'Gmail',
      connected: info.gmail_active,
      server: offered(c.google.configured),
      service: 'gmail' as const,
    },
    {
      name: 'Google Calendar',
      connected: false,
      server: offered(c.google.configured),
      service: 'gcalendar' as const,
    },
    {
      name: 'Dropbox',
      connected: info.dropbox_active,
      server: offered(c.dropbox.configured),
      service: 'dropbox' as const,
    },
    {
      name: 'Other mail (IMAP)',
      connected: false,
      server: 'available: connect a mailbox from My Sources',
      service: 'imap' as const,
    },
    {
      name: 'Mail files (.eml, .mbox)',
      connected: false,
      server: 'available: import them from My Sources',
      service: 'mail_files' as const,
    },
    ...(['bookmarks', 'linkwarden', 'karakeep', 'paperless'] as const).map((service) => ({
      name: SERVICE_LABEL[service],
      connected: false,
      server: 'available: import an export from My Sources',
      service,
    })),
    {
      name: 'Calendar subscriptions',
      connected: false,
      server: 'available: subscribe from My Sources',
      service: 'webcal' as const,
    },
    {
      name: 'Calendar files (.ics)',
      connected: false,
      server: 'available: import them from My Sources',
      service: 'ical' as const,
    },
    {
      name: 'WhatsApp',
      connected: info.whatsapp_active,
      server: c.whatsapp.configured
        ? 'available'
        : 'not configured on this server: your number is kept for when it is',
    },
    {
      name: 'Browser extension',
      connected: extensionSignedIn,
      server: c.extension.store_url
        ? 'published: sign it in with a token below'
        : 'not in a store for this server: download it on My Sources and load it by hand, then sign it in with a token below',
    },
  ];
}

/** Services connected through a provider's consent screen; the others are set up on My Sources. */
const OAUTH_SERVICES = new Set<ConnectionService>(['gdrive', 'gmail', 'gcalendar', 'dropbox']);

/** Connect a service (its provider's consent screen, then back on My Sources), or disconnect it. */
function ServiceActions({
  service,
  label,
  connection,
}: {
  service: ConnectionService;
  label: string;
  connection: SourceConnection | undefined;
}) {
  const connect = useServiceConnect(service, 'my-source', 'session');
  const [disconnecting, toggle] = useDisclosure(false);
  if (!connection && !OAUTH_SERVICES.has(service)) {
    return (
      <Button component={Link} to="/my-source" size="compact-xs" variant="light">
        Set up on My Sources
      </Button>
    );
  }
  if (!connection) {
    return (
      <Button size="compact-xs" variant="light" loading={connect.isPending} onClick={() => connect.mutate()}>
        Connect {label}
      </Button>
    );
  }
  return (
    <>
      <Button size="compact-xs" variant="subtle" color="red" onClick={toggle.open}>
        Disconnect {label}
      </Button>
      <DisconnectModal
        service={service}
        items={connection.items}
        opened={disconnecting}
        onClose={toggle.close}
      />
    </>
  );
}

/** /settings/sources: the WhatsApp number, and every source with its state. */
export function SourcesSettings() {
  const config = usePublicConfig();
  const me = useMe();
  const queryClient = useQueryClient();
  const c = config.data;
  const sources = useSources();
  const connectionOf = (service: ConnectionService) =>
    sources.data?.connections.find((x) => x.service === service);
  const whatsapp = me.data?.whatsapp_active ? connectionOf('whatsapp') : undefined;
  const extensionSignedIn = useApiTokens().data?.tokens.some((t) => t.last_used_at !== null) ?? false;
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Sources
      </Title>
      <ReturnedError />
      <Text c="dimmed">
        Your WhatsApp number, and where each source stands: Google's services and Dropbox connect here, and
        any connected source can be disconnected here, with or without what it brought.
      </Text>
      <Title order={3} size="h4" mt="sm">
        WhatsApp
      </Title>
      {me.data ? (
        <WhatsappNumberBox
          key={`${me.data.phone_number}-${me.data.whatsapp_active}`}
          userId={me.data.id}
          region={me.data.region}
          saved={me.data}
          onSaved={(info) => storeMe(queryClient, info)}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {me.isError ? 'Could not load your account.' : 'Loading…'}
        </Text>
      )}
      <Title order={3} size="h4" mt="sm">
        Browser extension
      </Title>
      <ExtensionTokens />
      <Title order={3} size="h4" mt="sm">
        Every source
      </Title>
      {c && me.data ? (
        // On a narrow screen the table scrolls within itself, never the page (positioned, so that the
        // visually hidden header is clipped with the rest instead of widening the page).
        <Table.ScrollContainer minWidth={520} type="native" pos="relative">
          <Table withTableBorder aria-label="Sources and their state">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Source</Table.Th>
                <Table.Th>Your account</Table.Th>
                <Table.Th>This server</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sourceRows(c, me.data, extensionSignedIn).map((row) => {
                const service = 'service' in row ? row.service : undefined;
                const connection = service ? connectionOf(service) : undefined;
                const connected = service ? connection !== undefined : row.connected;
                const offered =
                  service === 'dropbox'
                    ? c.dropbox.configured
                    : service && OAUTH_SERVICES.has(service)
                      ? c.google.configured
                      : true;
                return (
                  <Table.Tr key={row.name}>
                    <Table.Td>{row.name}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={connected ? 'teal' : 'gray'}>
                        {connected ? 'connected' : 'not connected'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{row.server}</Text>
                    </Table.Td>
                    <Table.Td>
                      {service && offered && (
                        <ServiceActions service={service} label={row.name} connection={connection} />
                      )}
                      {row.name === 'WhatsApp' && whatsapp && (
                        // Connected by the number box above; what it brought can go with it.
                        <ServiceActions service="whatsapp" label="WhatsApp" connection={whatsapp} />
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm" c="dimmed">
          {config.isError ? 'Could not ask the server which sources it offers.' : 'Checking…'}
        </Text>
      )}
    </Stack>
  );
}

export { PermissionsSettings, TeamSettings } from './TeamPlaceholders';
