import { Button, Group, Text } from '@mantine/core';
import type { SaveStatus } from './use-note-autosave';

/** Where the note's text stands: saved, on its way, or not saved and why (read out as it changes). */
export function SaveState({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  const text =
    status.kind === 'saved'
      ? 'Saved'
      : status.kind === 'saving'
        ? 'Saving…'
        : status.kind === 'conflict'
          ? 'Not saved: changed elsewhere'
          : `Not saved: ${status.reason}`;
  return (
    <Group gap={6} wrap="nowrap">
      <Text
        size="sm"
        role="status"
        c={status.kind === 'failed' || status.kind === 'conflict' ? 'var(--easio-text-error)' : 'dimmed'}
      >
        {text}
      </Text>
      {status.kind === 'failed' && (
        <Button size="compact-xs" variant="light" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Group>
  );
}
