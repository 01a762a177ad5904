import type { SourceConnection } from '@easio/shared';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { countOf } from '../../lib/plural';
import { CalendarSubscriptions } from './CalendarSubscriptions';
import { FailureList } from './FailureList';
import { IcsImport } from './IcsImport';
import { useSyncNow } from './queries';
import { SyncProgress } from './SyncProgress';

/** Calendars from anywhere: .ics files imported once, and addresses subscribed to and refreshed. */
export function CalendarCard({ connection }: { connection: SourceConnection | undefined }) {
  const sync = useSyncNow('webcal');
  const running = connection?.state === 'syncing' || connection?.state === 'queued';
  const [showFailures, toggle] = useDisclosure(false);
  const failures = connection?.failures ?? 0;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label="Calendar files and subscriptions">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4">
            Calendar files and subscriptions
          </Title>
          <Badge variant="filled" color="teal.9" tt="none" style={{ flexShrink: 0 }}>
            Working
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Events from any calendar app: import an .ics file, or subscribe to a calendar’s address to keep it
          up to date (refreshed with every sync).
        </Text>
        <IcsImport />
        <CalendarSubscriptions />
        {failures > 0 && (
          <>
            <Button size="compact-xs" variant="subtle" color="red" w="fit-content" onClick={toggle.toggle}>
              {countOf(failures, 'event')} from subscriptions could not be read
              {showFailures ? ' (hide)' : ' (show)'}
            </Button>
            {showFailures && <FailureList service="webcal" retryable={false} />}
          </>
        )}
        {connection && running && <SyncProgress connection={connection} />}
        {connection?.state === 'failed' && connection.last_error && (
          <Alert color="red" variant="light" p="xs" title="The last refresh stopped">
            <Text size="xs">{connection.last_error}</Text>
          </Alert>
        )}
        <Group gap={4}>
          {connection && (
            <Button
              size="compact-sm"
              variant="light"
              loading={sync.isPending}
              disabled={running}
              onClick={() => sync.mutate()}
            >
              {running ? 'Refreshing…' : 'Refresh now'}
            </Button>
          )}
          <Button component={Link} to="/my-desk/calender" size="compact-sm" variant="subtle">
            See your calendar
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
