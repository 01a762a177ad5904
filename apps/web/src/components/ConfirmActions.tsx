import { Button, Group } from '@mantine/core';

/** A destructive dialog's two buttons: Cancel, and the red one (focused first) that confirms and closes. */
export function ConfirmActions({
  label,
  onConfirm,
  onClose,
}: {
  label: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>
        Cancel
      </Button>
      <Button
        color="red"
        data-autofocus
        onClick={() => {
          onConfirm();
          onClose();
        }}
      >
        {label}
      </Button>
    </Group>
  );
}
