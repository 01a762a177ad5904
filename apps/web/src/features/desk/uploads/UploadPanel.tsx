import {
  Button,
  CloseButton,
  Group,
  Paper,
  Progress,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatSize } from '../../../lib/object-info';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useUploadSnapshot, useUploads } from './UploadsProvider';
import type { UploadStore, UploadTask } from './upload-store';

const percent = (part: number, whole: number) => (whole === 0 ? 100 : Math.round((part / whole) * 100));

function statusText(task: UploadTask): string {
  switch (task.state) {
    case 'queued':
      return `Waiting · ${formatSize(task.size)}`;
    case 'uploading':
      return `${percent(task.loaded, task.size)}% of ${formatSize(task.size)}`;
    case 'done':
      return 'Uploaded';
    case 'duplicate':
      return 'Already on your desk';
    case 'failed':
      return task.error ?? 'Not uploaded';
    case 'canceled':
      return 'Cancelled';
  }
}

function taskProgress(task: UploadTask): number {
  if (task.state === 'done' || task.state === 'duplicate') return 100;
  if (task.state === 'uploading') return percent(task.loaded, task.size);
  return 0;
}

const COLOR: Record<UploadTask['state'], string> = {
  queued: 'gray',
  uploading: 'easio',
  done: 'teal',
  duplicate: 'yellow',
  failed: 'red',
  canceled: 'gray',
};

function DuplicateChoices({ task, store }: { task: UploadTask; store: UploadStore }) {
  return (
    <Stack gap={6}>
      {task.duplicates.map((dup, index) => (
        <Stack key={`${dup.existing.id}-${dup.name}`} gap={4}>
          <Text size="xs" c="dimmed">
            Same content as “{dup.existing.name}”.
          </Text>
          {dup.resolution === 'pending' || dup.resolution === 'failed' || dup.resolution === 'linking' ? (
            <Group gap={6}>
              <Button
                size="compact-xs"
                variant="light"
                loading={dup.resolution === 'linking'}
                onClick={() => store.resolveDuplicate(task.id, index, 'link')}
                aria-label={`Keep ${dup.name} as a link`}
              >
                Keep as a link
              </Button>
              <Button
                size="compact-xs"
                variant="default"
                disabled={dup.resolution === 'linking'}
                onClick={() => store.resolveDuplicate(task.id, index, 'skip')}
                aria-label={`Skip ${dup.name}`}
              >
                Skip
              </Button>
              {dup.error && (
                <Text size="xs" c="var(--easio-text-error)">
                  {dup.error}
                </Text>
              )}
            </Group>
          ) : (
            <Text size="xs" fw={500}>
              {dup.resolution === 'linked' ? 'Kept as a link' : 'Skipped'}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

function UploadRow({ task, store }: { task: UploadTask; store: UploadStore }) {
  const cancellable = task.state === 'queued' || task.state === 'uploading';
  return (
    <Stack gap={4} py={6} data-testid="upload-row">
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Stack gap={0} miw={0} style={{ flex: 1 }}>
          <Text size="sm" fw={500} truncate title={task.name}>
            {task.name}
          </Text>
          <Text size="xs" c={task.state === 'failed' ? 'var(--easio-text-error)' : 'dimmed'} lineClamp={2}>
            {statusText(task)}
          </Text>
        </Stack>
        {cancellable && (
          <CloseButton
            size="sm"
            aria-label={`Cancel upload of ${task.name}`}
            onClick={() => store.cancel(task.id)}
          />
        )}
      </Group>
      <Progress.Root size="sm">
        <Progress.Section
          value={taskProgress(task)}
          color={COLOR[task.state]}
          aria-label={`Upload of ${task.name}`}
          animated={task.state === 'uploading'}
        />
      </Progress.Root>
      {task.state === 'duplicate' && <DuplicateChoices task={task} store={store} />}
    </Stack>
  );
}

/** How long a panel of uploads that all went well stays once they are done. */
const CLOSE_AFTER_MS = 6000;

/**
 * The uploads, bottom right: an overall bar, then each file with its bar and its cancel button. When
 * every upload went through it closes by itself; one that failed or waits for a choice (a duplicate)
 * keeps it open. It stays while the pointer or the focus is on it.
 */
export function UploadPanel() {
  const store = useUploads();
  const { tasks, progress, active } = useUploadSnapshot();
  const [collapsed, setCollapsed] = useState(false);
  const [held, setHeld] = useState(false);
  const isPhone = useIsPhone();
  const allWell =
    tasks.length > 0 && active === 0 && tasks.every((t) => t.state === 'done' || t.state === 'canceled');
  useEffect(() => {
    if (!allWell || held) return;
    const timer = window.setTimeout(() => store.clearFinished(), CLOSE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [allWell, held, store]);
  if (tasks.length === 0) return null;

  const counted = tasks.filter((t) => t.state !== 'canceled').length;
  const title = active > 0 ? `Uploading: ${counted - active} of ${counted} done` : 'Uploads finished';
  return (
    <Paper
      component="section"
      aria-label="Uploads"
      shadow="lg"
      radius="lg"
      withBorder
      p="sm"
      w={360}
      maw="calc(100vw - 32px)"
      // On a phone it sits above the bar of actions at the bottom.
      style={{ position: 'fixed', right: 16, bottom: isPhone ? 80 : 16, zIndex: 200 }}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
      }}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <UnstyledButton
            onClick={() => setCollapsed((c) => !c)}
            aria-expanded={!collapsed}
            style={{ flex: 1 }}
          >
            <Text fw={600} size="sm" aria-live="polite">
              {title}
            </Text>
          </UnstyledButton>
          {active > 0 ? (
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => store.cancelAll()}>
              Cancel all
            </Button>
          ) : (
            <CloseButton aria-label="Close uploads" onClick={() => store.clearFinished()} />
          )}
        </Group>
        <Progress.Root size="md">
          <Progress.Section
            value={Math.round(progress * 100)}
            aria-label="All uploads"
            animated={active > 0}
          />
        </Progress.Root>
        {!collapsed && (
          <ScrollArea.Autosize mah={280} type="auto" offsetScrollbars>
            <Stack gap={0}>
              {tasks.map((task) => (
                <UploadRow key={task.id} task={task} store={store} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Paper>
  );
}
