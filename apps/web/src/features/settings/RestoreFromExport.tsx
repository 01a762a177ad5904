import { type RestoreResult, restoreResultSchema } from '@easio/shared';
import { Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deskKeys } from '../../api/desk-keys';
import { errorMessage } from '../../api/error-message';
import { apiUpload } from '../../api/upload';
import { countOf, plural } from '../../lib/plural';
import { FailureList } from '../sources/FailureList';
import { sourceKeys, useSources } from '../sources/queries';

function summary({ items, files, imported, skipped, failed }: RestoreResult): string {
  const parts = [
    `${countOf(items, 'item')} and ${countOf(files, 'file')} in the export`,
    `${imported.toLocaleString()} restored`,
  ];
  if (skipped) parts.push(`${skipped.toLocaleString()} already restored before`);
  if (failed) parts.push(`${failed.toLocaleString()} could not be restored (listed below)`);
  return `${parts.join(', ')}.`;
}

/** Restore from an export: the ZIP of Download my data put back into this account, with the upload's progress. */
export function RestoreFromExport() {
  const [progress, setProgress] = useState<number | null>(null);
  const [showFailures, setShowFailures] = useState(false);
  const client = useQueryClient();
  const restore = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return apiUpload('/account/restore', body, restoreResultSchema, {
        onProgress: (loaded, total) => setProgress(total ? (loaded / total) * 100 : null),
      });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: deskKeys.all });
      void client.invalidateQueries({ queryKey: sourceKeys.all });
    },
    onSettled: () => setProgress(null),
  });
  const failures = useSources().data?.connections.find((c) => c.service === 'easio_export')?.failures ?? 0;
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
            <Button {...props} variant="light" loading={restore.isPending}>
              Restore from an export
            </Button>
          )}
        </FileButton>
      </Group>
      {progress !== null && <Progress value={progress} size="xs" aria-label="Uploading the export" />}
      {restore.isPending && progress === null && (
        <Text size="sm" c="dimmed" role="status">
          Restoring…
        </Text>
      )}
      {restore.isSuccess && (
        <Text size="sm" role="status">
          {summary(restore.data)}
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
