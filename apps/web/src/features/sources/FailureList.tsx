import type { ConnectionService } from '@easio/shared';
import { Button, Group, List, Loader, Stack, Text } from '@mantine/core';
import { formatDate } from '../../lib/object-info';
import { useFailures, useRetryFailures } from './queries';

/**
 * Every item a sync could not import, with its reason; each can be tried again, or all at once (not for
 * uploaded files, which only a new upload brings again).
 */
export function FailureList({
  service,
  retryable = true,
}: {
  service: ConnectionService;
  retryable?: boolean;
}) {
  const failures = useFailures(service, true);
  const retry = useRetryFailures(service);
  if (failures.isPending) return <Loader size="sm" role="status" aria-label="Loading failed items" />;
  if (failures.isError) return <Text size="sm">Could not load the failed items.</Text>;
  const rows = failures.data.failures;
  if (rows.length === 0) return <Text size="sm">Nothing failed.</Text>;
  return (
    <Stack gap="xs">
      <List size="sm" spacing={6} listStyleType="none" aria-label="Items that could not be imported">
        {rows.map((f) => (
          <List.Item key={f.id}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate="end">
                  {f.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {f.reason} · {formatDate(f.failed_at, true)}
                  {f.attempts > 1 ? ` · tried ${f.attempts} times` : ''}
                </Text>
              </Stack>
              {retryable && (
                <Button
                  size="compact-xs"
                  variant="default"
                  onClick={() => retry.mutate([f.id])}
                  disabled={retry.isPending}
                  aria-label={`Retry ${f.name}`}
                  style={{ flexShrink: 0 }}
                >
                  Retry
                </Button>
              )}
            </Group>
          </List.Item>
        ))}
      </List>
      {retryable && rows.length > 1 && (
        <Button
          size="xs"
          variant="light"
          w="fit-content"
          loading={retry.isPending}
          onClick={() => retry.mutate(undefined)}
        >
          Retry all
        </Button>
      )}
    </Stack>
  );
}
