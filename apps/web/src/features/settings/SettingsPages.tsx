import { List, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { storeMe, useMe, usePublicConfig } from '../../api/queries';
import { guessRegion } from '../signup/region';
import { WhatsappNumberBox } from '../sources/WhatsappNumberBox';

/** /settings/sources: what this server can connect. */
export function SourcesSettings() {
  const config = usePublicConfig();
  const me = useMe();
  const queryClient = useQueryClient();
  const c = config.data;
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Sources
      </Title>
      <Text c="dimmed">
        Connecting and disconnecting sources arrives with each source. This is what this server can offer
        today:
      </Text>
      <Title order={3} size="h4" mt="sm">
        WhatsApp
      </Title>
      {me.data ? (
        <WhatsappNumberBox
          key={`${me.data.phone_number}-${me.data.whatsapp_active}`}
          userId={me.data.id}
          region={me.data.region || guessRegion(navigator.languages)}
          saved={me.data}
          onSaved={(info) => storeMe(queryClient, info)}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {me.isError ? 'Could not load your account.' : 'Loading…'}
        </Text>
      )}
      {c ? (
        <List spacing={4}>
          <List.Item>
            Google Drive: {c.google.configured ? 'available' : 'not configured on this server'}
          </List.Item>
          <List.Item>
            Dropbox: {c.dropbox.configured ? 'available' : 'not configured on this server'}
          </List.Item>
          <List.Item>
            WhatsApp: {c.whatsapp.configured ? 'available' : 'not configured on this server'}
          </List.Item>
          <List.Item>
            Browser extension: {c.extension.store_url ? 'published' : 'not published for this server yet'}
          </List.Item>
        </List>
      ) : (
        <Text size="sm" c="dimmed">
          {config.isError ? 'Could not ask the server which sources it offers.' : 'Checking…'}
        </Text>
      )}
    </Stack>
  );
}

export { PermissionsSettings, TeamSettings } from './TeamPlaceholders';
