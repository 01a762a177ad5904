import type { DeskObject } from '@easio/shared';
import { TRASH_DAYS_DEFAULT } from '@easio/shared';
import { List, Stack, Text } from '@mantine/core';
import { usePublicConfig } from '../../../api/queries';
import { ConfirmActions } from '../../../components/ConfirmActions';
import { displayName, isFolder } from '../../../lib/object-info';
import { plural } from '../../../lib/plural';
import { DeskModal } from '../DeskModal';

interface Props {
  objects: readonly DeskObject[];
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

const SHOWN = 5;

/**
 * Asks before deleting; says plainly that it goes to the Trash (for how long) and that a folder goes
 * with everything in it.
 */
export function DeleteDialog({ objects, opened, onClose, onConfirm }: Props) {
  const days = usePublicConfig().data?.trash.days ?? TRASH_DAYS_DEFAULT;
  const count = objects.length;
  const folders = objects.filter(isFolder).length;
  const title = count === 1 && objects[0] ? `Delete “${displayName(objects[0])}”?` : `Delete ${count} items?`;
  return (
    <DeskModal opened={opened} onClose={onClose} title={title} size="md">
      <Stack>
        {count > 1 && (
          <List size="sm" spacing={2}>
            {objects.slice(0, SHOWN).map((o) => (
              <List.Item key={o.id}>{displayName(o)}</List.Item>
            ))}
            {count > SHOWN && <List.Item>and {count - SHOWN} more</List.Item>}
          </List>
        )}
        <Text size="sm">
          {folders > 0 ? 'Drawers and binders go with everything inside them. ' : ''}
          {`${plural(count, 'It waits', 'They wait')} in the Trash for ${days} days, where you can restore ${plural(count, 'it', 'them')}; then ${plural(count, 'it is', 'they are')} deleted for good.`}
        </Text>
        <ConfirmActions label={'Delete'} onConfirm={onConfirm} onClose={onClose} />
      </Stack>
    </DeskModal>
  );
}
