import { type ImportRun, type ImportService, SERVICE_LABEL } from '@easio/shared';
import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useDiscardImport, useImports, useResumeImport } from './import-queries';

const number = new Intl.NumberFormat();

function countsOf({ counts }: ImportRun): string {
  const parts = [`${number.format(counts.imported)} imported`];
  if (counts.skipped) parts.push(`${number.format(counts.skipped)} already there`);
  if (counts.failed) parts.push(`${number.format(counts.failed)} could not be imported`);
  return parts.join(', ');
}

function ImportBox({ run }: { run: ImportRun }) {
  const resume = useResumeImport();
  const discard = useDiscardImport();
  const label = SERVICE_LABEL[run.service];
  const running = run.state === 'queued' || run.state === 'running';
  const title = running
    ? `Importing ${run.file_name} (${label})`
    : run.state === 'interrupted'
      ? `Import interrupted: ${run.file_name} (${label})`
      : `Import stopped: ${run.file_name} (${label})`;
  const busy = resume.isPending || discard.isPending;
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={title}>
      <Stack gap={6}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Text>
        {running && (
          <Progress
            value={
              run.state === 'queued' || run.steps === 0 ? 5 : Math.max(5, (run.position / run.steps) * 100)
            }
            striped
            animated
            size="sm"
            aria-label={`Importing ${run.file_name}: ${countsOf(run)}`}
          />
        )}
        <Text size="xs" c="dimmed" aria-live="polite">
          {running && run.state === 'queued' ? 'Waiting to start. ' : ''}
          {countsOf(run)}
          {running ? '' : ' so far.'}
        </Text>
        {!running && run.error && (
          <Text size="xs" c={run.state === 'failed' ? 'var(--easio-text-error)' : undefined}>
            {run.error}
          </Text>
        )}
        {!running && (
          <Group gap="xs">
            <Button
              size="compact-sm"
              onClick={() => resume.mutate(run.id)}
              loading={resume.isPending}
              disabled={busy}
            >
              Resume
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="gray"
              onClick={() => discard.mutate(run.id)}
              loading={discard.isPending}
              disabled={busy}
              title="Removes the upload kept for this import; what it imported stays on your desk"
            >
              Discard
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The imports of these services not finished: one under way with its progress, one a server stop
 * interrupted or that failed with Resume (from the upload the server kept) and Discard.
 */
export function UnfinishedImports({ services }: { services: readonly ImportService[] }) {
  const runs = (useImports().data?.imports ?? []).filter(
    (run) => services.includes(run.service) && run.state !== 'done',
  );
  if (runs.length === 0) return null;
  return (
    <Stack gap="xs">
      {runs.map((run) => (
        <ImportBox key={run.id} run={run} />
      ))}
    </Stack>
  );
}

/** The import with this id, as last read (kept fresh by `useImports`). */
export function useImportRun(id: string | null): ImportRun | undefined {
  const runs = useImports().data?.imports;
  return id ? runs?.find((run) => run.id === id) : undefined;
}
