import type { ImportRun } from '@easio/shared';
import { Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { deskKeys } from '../../api/desk-keys';
import { errorMessage } from '../../api/error-message';
import { countOf, plural } from '../../lib/plural';
import { FailureList } from '../sources/FailureList';
import { uploadRestore } from '../sources/imports-api';
import { sourceKeys, useSources } from '../sources/queries';
import { UnfinishedImports, useImportRun } from '../sources/UnfinishedImports';

function summary({ totals, counts }: ImportRun): string {
  const parts = [
    `${countOf(totals.items ?? 0, 'item')} and ${countOf(totals.files ?? 0, 'file')} in the export`,
    `${counts.imported.toLocaleString()} restored`,
  ];
  if (counts.skipped) parts.push(`${counts.skipped.toLocaleString()} already restored before`);
  if (counts.failed) parts.push(`${counts.failed.toLocaleString()} could not be restored (listed below)`);
  return `${parts.join(', ')}.`;
}

/**
 * Restore from an export: the ZIP of Download my data put back into this account. The upload's progress,
 * then the restore's on the server (it goes on if this page is left; an interrupted one offers Resume),
 * then what it brought.
 */
export function RestoreFromExport() {
  const [progress, setProgress] = useState<number | null>(null);
  const [showFailures, setShowFailures] = useState(false);
  const [watching, setWatching] = useState<string | null>(null);
  const [finished, setFinished] = useState<ImportRun | null>(null);
  const client = useQueryClient();
  const restore = useMutation({
    mutationFn: (file: File) => {
      setFinished(null);
      return uploadRestore(file, setProgress);
    },
    onSuccess: (run) => {
      setWatching(run.id);
      void client.invalidateQueries({ queryKey: sourceKeys.all });
    },
    onSettled: () => setProgress(null),
  });
  const watched = useImportRun(watching);
  useEffect(() => {
    if (!watched || watched.state === 'queued' || watched.state === 'running') return;
    setWatching(null);
    if (watched.state === 'done') setFinished(watched);
    void client.invalidateQueries({ queryKey: deskKeys.all });
  }, [watched, client]);
  const failures = useSources().data?.connections.find((c) => c.service === 'easio_export')?.failures ?? 0;
  const restoring = restore.isPending || watching !== null;
  return (
    <Stack gap="xs">
      <Text size="sm">
        Restore from an export: the ZIP Download my data made, from this server or another, put back into this
        account with its drawers, binders, items, tags, dates and files. Restoring the same export again adds
        nothing.
      </Text>
      <Group>
        <FileButton accept=".zip,application/zip" onChange={(file) => file && restore.mutate(file)}>
          {(props) => (
            <Button {...props} variant="light" loading={restoring}>
              Restore from an export
            </Button>
          )}
        </FileButton>
      </Group>
      {progress !== null && <Progress value={progress} size="xs" aria-label="Uploading the export" />}
      {restore.isPending && progress === null && (
        <Text size="sm" c="dimmed" role="status">
          Checking the export…
        </Text>
      )}
      <UnfinishedImports services={['easio_export']} />
      {finished && (
        <Text size="sm" role="status">
          {summary(finished)}
        </Text>
      )}
      {restore.isError && (
        <Text size="sm" c="red" role="alert">
          {errorMessage(restore.error)}
        </Text>
      )}
      {failures > 0 && (
        <Stack gap={4}>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            w="fit-content"
            onClick={() => setShowFailures(!showFailures)}
          >
            {failures} {plural(failures, 'item', 'items')} could not be restored
            {showFailures ? ' (hide)' : ' (show)'}
          </Button>
          {showFailures && <FailureList service="easio_export" retryable={false} />}
        </Stack>
      )}
    </Stack>
  );
}
