import type { ConnectionService, PublicConfig, UserInfo } from '@easio/shared';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useApiTokens } from '../../api/api-tokens';
import { useMe, usePublicConfig } from '../../api/queries';
import { PageHeader } from '../../components/Page';
import { CalendarCard } from './CalendarCard';
import { ChatExportImport } from './ChatExportImport';
import { useDropboxReturn } from './dropbox-connect';
import { ExtensionPackage } from './ExtensionPackage';
import { useGoogleConnectReturn } from './google-connect';
import { MailFilesImport } from './MailFilesImport';
import { MoveInCard } from './MoveInCard';
import { useSources } from './queries';
import { ReturnedError } from './ReturnedError';
import { ServiceCard } from './ServiceCard';

interface SourceRow {
  name: string;
  description: string;
  connected: (info: UserInfo, extensionSignedIn: boolean) => boolean;
  /** Why it cannot be connected on this server, if so. */
  unavailable?: (config: PublicConfig) => string | null;
  /** Where its items show on the desk. */
  deskPath: string;
  /** How it is connected. */
  how: string;
  /** What the card offers besides (WhatsApp: importing a chat export). */
  extra?: (config: PublicConfig) => ReactNode;
}

const CONNECTABLE: { service: ConnectionService; description: string; deskPath: string }[] = [
  {
    service: 'gdrive',
    description:
      'Files and folders from your drive: Google Docs, Sheets and Slides arrive as PDFs you can search.',
    deskPath: '/my-desk/drive',
  },
  {
    service: 'gmail',
    description: 'Your e-mails and their attachments, from the labels you choose.',
    deskPath: '/my-desk/mail',
  },
  {
    service: 'gcalendar',
    description: 'Your events, with their times, places and attendees.',
    deskPath: '/my-desk/calender',
  },
  {
    service: 'dropbox',
    description: 'Files from your Dropbox, in the folders they are in there.',
    deskPath: '/my-desk/dropBox',
  },
  {
    service: 'imap',
    description:
      'E-mails and attachments from any mail provider (IMAP), by the rules you set; or saved .eml and .mbox files.',
    deskPath: '/my-desk/mail',
  },
];

const SOURCES: SourceRow[] = [
  {
    name: 'WhatsApp',
    description: 'Files and links you send to your Easio number, and chat exports.',
    connected: (info) => info.whatsapp_active,
    how: 'Save your WhatsApp number in Settings › Sources: what you then send to Easio’s number lands on your desk.',
    extra: () => <ChatExportImport />,
    unavailable: (config) =>
      config.whatsapp.configured ? null : 'WhatsApp is not configured on this server',
    deskPath: '/my-desk/whatsApp',
  },
  {
    name: 'Browser extension',
    description: 'Pages, selections, notes and places you save while browsing.',
    connected: (_, extensionSignedIn) => extensionSignedIn,
    how: 'Add the extension to your browser, make a token in Settings › Sources and paste it into the extension’s sign-in.',
    unavailable: (config) =>
      config.extension.store_url ? null : 'It is not in a browser store for this server: load it by hand',
    extra: (config) =>
      config.extension.store_url ? null : <ExtensionPackage packages={config.extension.packages} />,
    deskPath: '/my-desk/extension',
  },
];

/** A source that needs no connecting: always working, with where to go to use it. */
function WorkingCard({
  name,
  children,
  to,
  action,
}: {
  name: string;
  children: ReactNode;
  to: string;
  action: string;
}) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label={name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4">
            {name}
          </Title>
          <Badge variant="filled" color="teal.9" tt="none" style={{ flexShrink: 0 }}>
            Working
          </Badge>
        </Group>
        {children}
        <Button component={Link} to={to} size="xs" variant="light" w="fit-content">
          {action}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * /my-source: every source and where it stands. Google Drive connects here (and comes back here from
 * Google's consent screen); its progress follows the import live.
 */
export function MySourcePage() {
  const me = useMe();
  const config = usePublicConfig();
  const sources = useSources();
  useGoogleConnectReturn('my-source', 'session');
  const info = me.data;
  const connectionOf = (service: ConnectionService) =>
    sources.data?.connections.find((c) => c.service === service);
  const googleOff =
    config.data && !config.data.google.configured ? 'Google is not configured on this server' : null;
  const dropboxOff =
    config.data && !config.data.dropbox.configured ? 'Dropbox is not configured on this server' : null;
  useDropboxReturn();
  const extensionSignedIn = useApiTokens().data?.tokens.some((t) => t.last_used_at !== null) ?? false;
  return (
    <>
      <PageHeader title="My Sources" description="The places Easio gathers your documents from." />
      <ReturnedError />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <WorkingCard name="Uploads" to="/my-desk/my-content" action="Open your desk">
          <Text size="sm" c="dimmed">
            Files from your computer, many at once: drop them on your desk or use Upload files. Notes, links
            and places are made on the desk too.
          </Text>
        </WorkingCard>
        {CONNECTABLE.map((g) => (
          <ServiceCard
            key={g.service}
            service={g.service}
            description={g.description}
            deskPath={g.deskPath}
            connection={connectionOf(g.service)}
            unavailable={g.service === 'dropbox' ? dropboxOff : g.service === 'imap' ? null : googleOff}
            extra={g.service === 'imap' ? <MailFilesImport /> : undefined}
          />
        ))}
        <CalendarCard connection={connectionOf('webcal')} />
        <MoveInCard />
        {SOURCES.map((source) => {
          const connected = info ? source.connected(info, extensionSignedIn) : false;
          const reason = config.data && source.unavailable ? source.unavailable(config.data) : null;
          return (
            <Paper
              key={source.name}
              withBorder
              radius="lg"
              p="lg"
              component="section"
              aria-label={source.name}
            >
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Title order={2} size="h4">
                    {source.name}
                  </Title>
                  <Badge
                    variant={connected ? 'filled' : 'light'}
                    color={connected ? 'teal.9' : 'gray'}
                    tt="none"
                    style={{ flexShrink: 0 }}
                  >
                    {connected ? 'Connected' : 'Not connected'}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {source.description}
                </Text>
                <Text size="xs" c="dimmed">
                  {connected ? 'Its items show on your desk.' : source.how}
                </Text>
                {reason && !connected && (
                  <Text size="xs" c="dimmed">
                    {reason}.
                  </Text>
                )}
                {config.data && source.extra?.(config.data)}
                {connected && (
                  <Button component={Link} to={source.deskPath} size="xs" variant="subtle" w="fit-content">
                    See its items
                  </Button>
                )}
              </Stack>
            </Paper>
          );
        })}
        <WorkingCard name="Gallery" to="/my-desk/gallery" action="Open the gallery">
          <Text size="sm" c="dimmed">
            Every photo on your desk, whatever brought it: uploads, Google Drive, Dropbox, WhatsApp and mail
            attachments, by the month and at the place it was taken.
          </Text>
          <Text size="xs" c="dimmed">
            Upload photos from the gallery; on a phone that opens its photo library.
          </Text>
        </WorkingCard>
      </SimpleGrid>
    </>
  );
}
