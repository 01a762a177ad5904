import type { PublicConfig, UserInfo } from '@easio/shared';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMe, usePublicConfig } from '../../api/queries';
import { PageHeader } from '../../components/Page';

interface SourceRow {
  name: string;
  description: string;
  connected: (info: UserInfo) => boolean;
  /** Why it cannot be connected on this server, if so. */
  unavailable?: (config: PublicConfig) => string | null;
}

const SOURCES: SourceRow[] = [
  {
    name: 'Google Drive',
    description: 'Files and folders from your drive.',
    connected: (info) => info.gdrive_active,
    unavailable: (config) => (config.google.configured ? null : 'Google is not configured on this server'),
  },
  {
    name: 'Dropbox',
    description: 'Files from your Dropbox.',
    connected: (info) => info.dropbox_active,
    unavailable: (config) => (config.dropbox.configured ? null : 'Dropbox is not configured on this server'),
  },
  {
    name: 'WhatsApp',
    description: 'Files and links you send to your Easio number.',
    connected: (info) => info.whatsapp_active,
    unavailable: (config) =>
      config.whatsapp.configured ? null : 'WhatsApp is not configured on this server',
  },
  {
    name: 'Browser extension',
    description: 'Pages, selections, notes and places you save while browsing.',
    connected: () => false,
    unavailable: (config) =>
      config.extension.store_url ? null : 'The Easio browser extension is not published for this server yet',
  },
  {
    name: 'Mail',
    description: 'E-mails and their attachments.',
    connected: (info) => info.gmail_active,
  },
  { name: 'Calendar', description: 'Your calendar events.', connected: () => false },
  { name: 'Gallery', description: 'Your photos.', connected: () => false },
];

/** /my-source: every source and whether it is connected. Connecting comes with each source's issue. */
export function MySourcePage() {
  const me = useMe();
  const config = usePublicConfig();
  const info = me.data;
  return (
    <>
      <PageHeader title="My Sources" description="The places Easio gathers your documents from." />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {SOURCES.map((source) => {
          const connected = info ? source.connected(info) : false;
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
                    variant="light"
                    color={connected ? 'teal' : 'gray'}
                    tt="none"
                    style={{ flexShrink: 0 }}
                  >
                    {connected ? 'Connected' : 'Not connected'}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {source.description}
                </Text>
                {reason && !connected && (
                  <Text size="xs" c="dimmed">
                    {reason}
                  </Text>
                )}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </>
  );
}
