import type { SourceConnection } from '@easio/shared';
import { Group, Progress, Stack, Text } from '@mantine/core';

const number = new Intl.NumberFormat();

/**
 * How far a sync got: the counts of the current sync (or the last), and while it runs an animated
 * bar (providers do not say how many items there are until the end, so the counts carry the detail).
 */
export function SyncProgress({ connection }: { connection: SourceConnection }) {
  const { progress, state } = connection;
  const running = state === 'syncing' || state === 'queued';
  const done = progress.imported + progress.skipped + progress.failed;
  const parts = [
    `${number.format(progress.seen)} seen`,
    `${number.format(progress.imported)} imported`,
    progress.skipped ? `${number.format(progress.skipped)} unchanged` : null,
    progress.removed ? `${number.format(progress.removed)} removed` : null,
    progress.failed ? `${number.format(progress.failed)} failed` : null,
  ].filter(Boolean);
  const label = running ? (state === 'queued' ? 'Waiting to sync' : 'Syncing') : 'Last sync';
  return (
    <Stack gap={4}>
      {running && (
        <Progress
          value={state === 'queued' ? 100 : Math.max(8, progress.seen ? (done / progress.seen) * 100 : 100)}
          striped
          animated
          size="sm"
          aria-label={`${label}: ${parts.join(', ')}`}
        />
      )}
      <Group gap={6}>
        <Text size="xs" fw={600}>
          {label}:
        </Text>
        <Text size="xs" c="dimmed" aria-live="polite">
          {parts.join(' · ')}
        </Text>
      </Group>
    </Stack>
  );
}
