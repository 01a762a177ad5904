import type { DeskObject } from '@easio/shared';
import { Button, Checkbox, Group, Paper, Text } from '@mantine/core';
import type { ObjectAction } from '../actions/use-object-actions';
import { DownloadIcon, MoveIcon, OpenIcon, TrashIcon } from '../icons';
import { isDownloadable } from './ObjectMenu';

interface Props {
  selected: DeskObject[];
  state: 'none' | 'some' | 'all';
  /** Nothing listed: the select-all box has nothing to select. */
  disabled: boolean;
  selectingAll: boolean;
  downloading: boolean;
  onToggleAll: () => void;
  onClear: () => void;
  onAction: (action: ObjectAction, objects: DeskObject[]) => void;
}

/** Select all, the count, and what to do with the selection: open, move, download, delete. */
export function SelectionBar({
  selected,
  state,
  disabled,
  selectingAll,
  downloading,
  onToggleAll,
  onClear,
  onAction,
}: Props) {
  const count = selected.length;
  const canDownload = count > 0 && selected.every(isDownloadable);
  return (
    <Paper
      withBorder
      radius="md"
      px="sm"
      py={6}
      bg={count > 0 ? 'var(--mantine-primary-color-light)' : undefined}
    >
      <Group gap="sm" justify="space-between" wrap="wrap" mih={30}>
        <Group gap="sm">
          <Checkbox
            label="Select all"
            checked={state === 'all'}
            indeterminate={state === 'some'}
            onChange={onToggleAll}
            disabled={disabled || selectingAll}
            size="sm"
          />
          <Text size="sm" fw={count > 0 ? 600 : 400} c={count > 0 ? undefined : 'dimmed'} aria-live="polite">
            {selectingAll ? 'Selecting everything…' : count > 0 ? `${count.toLocaleString()} selected` : ''}
          </Text>
        </Group>
        {count > 0 && (
          <Group gap={6} wrap="wrap">
            {count === 1 && selected[0] && (
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<OpenIcon size={14} />}
                onClick={() => onAction('open', selected)}
              >
                Open
              </Button>
            )}
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<MoveIcon size={14} />}
              onClick={() => onAction('move', selected)}
            >
              Move to…
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<DownloadIcon size={14} />}
              onClick={() => onAction('download', selected)}
              disabled={!canDownload}
              loading={downloading}
            >
              Download
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              color="red"
              leftSection={<TrashIcon size={14} />}
              onClick={() => onAction('delete', selected)}
            >
              Delete
            </Button>
            <Button size="compact-sm" variant="subtle" color="gray" onClick={onClear}>
              Clear selection
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
