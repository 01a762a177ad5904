import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

/** How long an Undo stays offered: long enough to notice the mistake and reach the button. */
export const UNDO_MS = 10_000;

/**
 * A success toast with an Undo button that reverses exactly what was just done. The toast closes when
 * Undo is pressed; `undo` says itself how the reversal went.
 */
export function toastWithUndo(message: string, undo: () => void) {
  const id = notifications.show({
    color: 'teal',
    autoClose: UNDO_MS,
    closeButtonProps: { 'aria-label': 'Close message' },
    message: (
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => {
            notifications.hide(id);
            undo();
          }}
        >
          Undo
        </Button>
      </Group>
    ),
  });
}
