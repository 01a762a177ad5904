import { Button, Group } from '@mantine/core';

/** The Cancel / submit row at the foot of a create dialog. */
export function DialogActions({
  onCancel,
  submitting,
  label = 'Create',
}: {
  onCancel: () => void;
  submitting: boolean;
  label?: string;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={submitting}>
        {label}
      </Button>
    </Group>
  );
}
