import { type ImportRun, MOVE_IN_APPS, type MoveInApp, SERVICE_LABEL } from '@easio/shared';
import { Button, FileButton, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { deskKeys } from '../../api/desk-keys';
import { countOf, plural } from '../../lib/plural';
import { toastError, toastSuccess } from '../../lib/toast';
import { FailureList } from './FailureList';
import { uploadExport } from './imports-api';
import { sourceKeys, useSources } from './queries';
import { UnfinishedImports, useImportRun } from './UnfinishedImports';

const APPS: { app: MoveInApp; button: string; accept: string }[] = [
  { app: 'bookmarks', button: 'Browser bookmarks (.html)', accept: '.html,.htm,text/html' },
  { app: 'linkwarden', button: 'Linkwarden (.json)', accept: '.json,application/json' },
  { app: 'karakeep', button: 'Karakeep (.json)', accept: '.json,application/json' },
  { app: 'paperless', button: 'Paperless-ngx (.zip)', accept: '.zip,application/zip' },
];

function summary({ totals, counts }: ImportRun): string {
  const links = totals.links ?? 0;
  const parts = [
    `${links} ${plural(links, 'entry', 'entries')} read`,
    `${countOf(counts.imported, 'item')} imported`,
  ];
  if (counts.skipped) parts.push(`${counts.skipped} already on your desk`);
  if (counts.failed) parts.push(`${counts.failed} could not be imported (listed on the card)`);
  return parts.join(', ');
}

/**
 * "Import from another app": one export file of a browser, Linkwarden, Karakeep or Paperless-ngx onto the
 * desk. The upload is checked at once (a wrong file is refused with why); the import then runs on the
 * server, its progress here, and says what it brought when done.
 */
export function MoveInCard() {
  const [progress, setProgress] = useState<number | null>(null);
  const [shown, setShown] = useState<MoveInApp | null>(null);
  const [watching, setWatching] = useState<string | null>(null);
  const client = useQueryClient();
  const upload = useMutation({
    mutationFn: ({ app, file }: { app: MoveInApp; file: File }) => uploadExport(app, file, setProgress),
    onSuccess: (run) => {
      setWatching(run.id);
      void client.invalidateQueries({ queryKey: sourceKeys.all });
    },
    onError: (error) => toastError(error),
    onSettled: () => setProgress(null),
  });
  const watched = useImportRun(watching);
  useEffect(() => {
    if (!watched || watched.state === 'queued' || watched.state === 'running') return;
    setWatching(null);
    if (watched.state === 'done') toastSuccess(summary(watched), 8000);
    else if (watched.state === 'failed') toastError(new Error(watched.error ?? 'The import stopped'));
    void client.invalidateQueries({ queryKey: deskKeys.all });
  }, [watched, client]);
  const connections = useSources().data?.connections ?? [];
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label="Import from another app">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Import from another app
        </Title>
        <Text size="sm" c="dimmed">
          Your saved links, in one upload: the bookmarks file a browser exports (Chrome, Firefox, Safari,
          Edge, Pocket), or a Linkwarden or Karakeep export. Your documents: a Paperless-ngx export folder,
          zipped. Folders become drawers and binders; importing the same file again adds nothing.
        </Text>
        <Group gap="xs">
          {APPS.map(({ app, button, accept }) => (
            <FileButton key={app} accept={accept} onChange={(file) => file && upload.mutate({ app, file })}>
              {(props) => (
                <Button
                  {...props}
                  size="compact-sm"
                  variant="light"
                  loading={upload.isPending && upload.variables?.app === app}
                  disabled={upload.isPending && upload.variables?.app !== app}
                >
                  {button}
                </Button>
              )}
            </FileButton>
          ))}
        </Group>
        {progress !== null && <Progress value={progress} size="xs" aria-label="Uploading the export" />}
        <UnfinishedImports services={MOVE_IN_APPS} />
        {APPS.map(({ app }) => {
          const failures = connections.find((c) => c.service === app)?.failures ?? 0;
          if (failures === 0) return null;
          return (
            <Stack key={app} gap={4}>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                w="fit-content"
                onClick={() => setShown(shown === app ? null : app)}
              >
                {failures} {plural(failures, 'entry', 'entries')} from {SERVICE_LABEL[app]} could not be
                imported
                {shown === app ? ' (hide)' : ' (show)'}
              </Button>
              {shown === app && <FailureList service={app} retryable={false} />}
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
