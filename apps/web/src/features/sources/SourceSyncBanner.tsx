import { type ConnectionService, SERVICE_LABEL } from '@easio/shared';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '../../lib/object-info';
import { plural } from '../../lib/plural';
import { useSources } from './queries';
import { SyncProgress } from './SyncProgress';

/**
 * On a source's desk page: where its connections stand (syncing with live counts, last sync, items
 * that failed), so an import is followed where its items appear.
 */
export function SourceSyncBanner({ services }: { services: ConnectionService[] }) {
  const sources = useSources();
  const connections = (sources.data?.connections ?? []).filter((c) => services.includes(c.service));
  if (connections.length === 0) return null;
  return (
    <Stack gap="xs">
      {connections.map((c) => {
        const running = c.state === 'syncing' || c.state === 'queued';
        return (
          <Paper
            key={c.service}
            withBorder
            radius="md"
            p="sm"
            aria-label={`${SERVICE_LABEL[c.service]} sync`}
            component="section"
          >
            <Stack gap={4}>
              <Group gap="xs" justify="space-between">
                <Text size="sm" fw={600}>
                  {SERVICE_LABEL[c.service]}
                  {c.account_email ? ` · ${c.account_email}` : ''}
                </Text>
                <Text size="xs" c="dimmed">
                  {running
                    ? 'Importing…'
                    : c.last_sync_at
                      ? `Synced ${formatDate(c.last_sync_at, true)}`
                      : 'Not synced yet'}
                </Text>
              </Group>
              {running && <SyncProgress connection={c} />}
              {c.state === 'interrupted' && (
                <Text size="xs" c="var(--easio-text-error)">
                  The import was interrupted by a server stop.{' '}
                  <Anchor component={Link} to="/my-source" size="xs">
                    Resume it on My Sources
                  </Anchor>
                </Text>
              )}
              {(c.failures > 0 || c.state === 'failed') && (
                <Text size="xs" c="var(--easio-text-error)">
                  {c.state === 'failed' ? `The last sync stopped: ${c.last_error ?? 'unknown error'}. ` : ''}
                  {c.failures > 0
                    ? `${c.failures} ${plural(c.failures, 'item')} could not be imported. `
                    : ''}
                  <Anchor component={Link} to="/my-source" size="xs">
                    See My Sources
                  </Anchor>
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
