import { Button, Group } from '@mantine/core';

/** A small form's two buttons: its action (busy while it is sent) and Cancel (off meanwhile). */
export function SubmitOrCancel({
  label,
  pending,
  onCancel,
}: {
  label: string;
  pending: boolean;
  onCancel: () => void;
}) {
  return (
    <Group gap="xs">
      <Button type="submit" size="xs" loading={pending}>
        {label}
      </Button>
      <Button size="xs" variant="subtle" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
    </Group>
  );
}
