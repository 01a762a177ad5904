import { type ConnectionService, SERVICE_LABEL } from '@easio/shared';
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { plural } from '../../lib/plural';
import { useDisconnect } from './queries';

/** Disconnecting: the grant is revoked; the user chooses whether what it imported stays on the desk. */
export function DisconnectModal({
  service,
  items,
  opened,
  onClose,
}: {
  service: ConnectionService;
  items: number;
  opened: boolean;
  onClose: () => void;
}) {
  const [deleteItems, setDeleteItems] = useState(false);
  const disconnect = useDisconnect(service);
  const label = SERVICE_LABEL[service];
  return (
    <Modal opened={opened} onClose={onClose} title={`Disconnect ${label}?`} centered>
      <Stack gap="md">
        <Text size="sm">
          Easio stops importing from {label} and deletes its access to your account. Nothing is changed in{' '}
          {label} itself.
        </Text>
        {items > 0 && (
          <Checkbox
            checked={deleteItems}
            onChange={(e) => setDeleteItems(e.currentTarget.checked)}
            label={`Also delete the ${items} ${plural(items, 'item')} it imported from your desk`}
            description="Left unticked, they stay on your desk, wherever you filed them."
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={disconnect.isPending}
            onClick={() => disconnect.mutate(deleteItems, { onSuccess: onClose })}
          >
            Disconnect
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
