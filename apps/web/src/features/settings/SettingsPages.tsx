import { List, Stack, Text, Title } from '@mantine/core';
import { usePublicConfig } from '../../api/queries';

/** /settings/sources: what this server can connect. */
export function SourcesSettings() {
  const config = usePublicConfig();
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

/** /settings/permissions. */
export function PermissionsSettings() {
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Permissions
      </Title>
      <Text c="dimmed">
        Your account is yours alone: only you can see and change what is on your desk. Permissions for team
        members come with team features.
      </Text>
    </Stack>
  );
}

/** /settings/team. */
export function TeamSettings() {
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Team
      </Title>
      <Text c="dimmed">
        Teams are coming soon. When they arrive, this is where you will invite members and choose what they
        can see and do.
      </Text>
    </Stack>
  );
}
