import { type ConnectionService, SERVICE_LABEL, type SourceConnection } from '@easio/shared';
import { Alert, Badge, Button, Collapse, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../lib/object-info';
import { plural } from '../../lib/plural';
import { DisconnectModal } from './DisconnectModal';
import { FailureList } from './FailureList';
import { GmailLabels } from './GmailLabels';
import { ImapConnect } from './ImapConnect';
import { ImapPassword } from './ImapPassword';
import { ImapRules } from './ImapRules';
import { useSyncNow } from './queries';
import { SyncProgress } from './SyncProgress';
import { useServiceConnect } from './service-connect';

function stateBadge(connection: SourceConnection | undefined) {
  if (!connection) return { text: 'Not connected', color: 'gray', variant: 'light' };
  if (connection.state === 'syncing' || connection.state === 'queued')
    return { text: 'Syncing', color: 'blue.8', variant: 'filled' };
  if (connection.state === 'failed') return { text: 'Sync stopped', color: 'red.8', variant: 'filled' };
  return { text: 'Connected', color: 'teal.9', variant: 'filled' };
}

/**
 * A connectable service on /my-source (Google's, Dropbox, a mailbox over IMAP): connect it, or see its
 * account, last sync, progress and failures, sync it now and disconnect it.
 */
export function ServiceCard({
  service,
  description,
  deskPath,
  connection,
  unavailable,
  extra,
}: {
  service: ConnectionService;
  description: string;
  deskPath: string;
  connection: SourceConnection | undefined;
  /** Why it cannot be connected on this server, if so. */
  unavailable: string | null;
  /** What the card offers whether connected or not (mail: uploading .eml and .mbox files). */
  extra?: ReactNode;
}) {
  const label = SERVICE_LABEL[service];
  const connect = useServiceConnect(service, 'my-source', 'session');
  const [connectForm, connectFormToggle] = useDisclosure(false);
  const sync = useSyncNow(service);
  const [showFailures, failuresToggle] = useDisclosure(false);
  const [disconnecting, disconnectToggle] = useDisclosure(false);
  const [passwordForm, passwordFormToggle] = useDisclosure(false);
  const badge = stateBadge(connection);
  const running = connection?.state === 'syncing' || connection?.state === 'queued';

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label={label}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4">
            {label}
          </Title>
          <Badge variant={badge.variant} color={badge.color} tt="none" style={{ flexShrink: 0 }}>
            {badge.text}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {!connection && unavailable && (
          <Text size="xs" c="dimmed">
            {unavailable}.
          </Text>
        )}
        {!connection && !unavailable && service === 'imap' && connectForm && (
          <ImapConnect onCancel={connectFormToggle.close} />
        )}
        {!connection && !unavailable && !connectForm && (
          <Button
            size="xs"
            w="fit-content"
            loading={connect.isPending}
            onClick={() => (service === 'imap' ? connectFormToggle.open() : connect.mutate())}
          >
            Connect {service === 'imap' ? 'a mailbox' : label}
          </Button>
        )}
        {connection && (
          <>
            {connection.account_email && (
              <Text size="xs">
                Account: <strong>{connection.account_email}</strong>
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {connection.last_sync_at
                ? `Synced ${formatDate(connection.last_sync_at, true)}`
                : 'Not synced yet'}{' '}
              · {connection.items} {plural(connection.items, 'item')} on your desk
            </Text>
            {(running || connection.progress.seen > 0) && <SyncProgress connection={connection} />}
            {connection.state === 'failed' && connection.last_error && (
              <Alert color="red" variant="light" p="xs" title="The last sync stopped">
                <Text size="xs">{connection.last_error}</Text>
              </Alert>
            )}
            {connection.failures > 0 && (
              <>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  w="fit-content"
                  onClick={failuresToggle.toggle}
                >
                  {connection.failures} {plural(connection.failures, 'item')} could not be imported
                  {showFailures ? ' (hide)' : ' (show)'}
                </Button>
                <Collapse expanded={showFailures}>
                  {showFailures && <FailureList service={service} />}
                </Collapse>
              </>
            )}
            {service === 'gmail' && <GmailLabels settings={connection.settings} />}
            {service === 'imap' && <ImapRules settings={connection.settings} />}
            {service === 'imap' && passwordForm && <ImapPassword onDone={passwordFormToggle.close} />}
            <Group gap={4}>
              <Button
                size="compact-sm"
                variant="light"
                loading={sync.isPending}
                disabled={running}
                onClick={() => sync.mutate()}
              >
                {running ? 'Syncing…' : 'Sync now'}
              </Button>
              <Button component={Link} to={deskPath} size="compact-sm" variant="subtle">
                See its items
              </Button>
              {service === 'imap' && !passwordForm && (
                <Button size="compact-sm" variant="subtle" onClick={passwordFormToggle.open}>
                  Update password
                </Button>
              )}
              <Button size="compact-sm" variant="subtle" color="red" onClick={disconnectToggle.open}>
                Disconnect
              </Button>
            </Group>
            <DisconnectModal
              service={service}
              items={connection.items}
              opened={disconnecting}
              onClose={disconnectToggle.close}
            />
          </>
        )}
        {extra}
      </Stack>
    </Paper>
  );
}
