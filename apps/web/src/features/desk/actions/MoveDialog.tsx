import type { DeskObject } from '@easio/shared';
import { ActionIcon, Button, Group, Loader, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { ChevronIcon } from '../../../components/object-icons';
import { useSession } from '../../../state/session';
import { DeskModal } from '../DeskModal';
import { moveProblem } from '../move-rules';
import type { MoveTarget } from '../mutations';
import { useListing } from '../queries';

const BY_NAME = { sort: 'name', order: 'asc' } as const;

interface PickerProps {
  objects: readonly DeskObject[];
  value: string | null;
  onPick: (target: MoveTarget) => void;
}

/** The names of the destinations shown, for the toast after the move. */
type Names = Map<string, string>;

function Destination({
  target,
  objects,
  names,
}: {
  target: Pick<DeskObject, 'id' | 'name' | 'data_type'>;
  objects: readonly DeskObject[];
  names: Names;
}) {
  names.set(target.id, target.name);
  const problem = moveProblem(objects, target);
  const here = objects.every((o) => o.parent_id === target.id);
  return (
    <Radio
      value={target.id}
      label={target.name}
      description={problem ?? (here ? 'Already here' : undefined)}
      disabled={problem !== null || here}
    />
  );
}

function DrawerEntry({
  drawer,
  objects,
  names,
}: {
  drawer: DeskObject;
  objects: readonly DeskObject[];
  names: Names;
}) {
  const [open, setOpen] = useState(false);
  const binders = useListing({ folderId: drawer.id }, { ...BY_NAME, kind: 'binder_object' }, open);
  const hasBinders = (drawer.child_count ?? 1) > 0;
  return (
    <Stack gap={6}>
      <Group gap={4} wrap="nowrap" align="flex-start">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`${open ? 'Hide' : 'Show'} the binders of ${drawer.name}`}
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          disabled={!hasBinders}
          style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 120ms' }}
        >
          <ChevronIcon size={14} />
        </ActionIcon>
        <Destination target={drawer} objects={objects} names={names} />
      </Group>
      {open && (
        <Stack gap={6} pl={56}>
          {binders.isPending && <Loader size="xs" aria-label={`Loading the binders of ${drawer.name}`} />}
          {!binders.isPending && binders.objects.length === 0 && (
            <Text size="xs" c="dimmed">
              No binders in this drawer
            </Text>
          )}
          {binders.objects.map((binder) => (
            <Destination key={binder.id} target={binder} objects={objects} names={names} />
          ))}
          {binders.hasNextPage && (
            <Button size="compact-xs" variant="subtle" onClick={binders.fetchNextPage} w="fit-content">
              Show more binders
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function DestinationPicker({ objects, value, onPick }: PickerProps) {
  const rootId = useSession()?.root_folder ?? '';
  const drawers = useListing({ folderId: rootId }, { ...BY_NAME, kind: 'drawer_object' }, rootId !== '');
  const root = { id: rootId, name: 'My Desk', data_type: 'root_object' as const };
  const names = useRef<Names>(new Map()).current;

  return (
    <Radio.Group
      label="Destination"
      description="My Desk, a drawer, or a binder inside a drawer"
      value={value}
      onChange={(id) => onPick({ id, name: names.get(id) ?? 'the folder' })}
    >
      <ScrollArea.Autosize mah="50vh" type="auto" mt="sm">
        <Stack gap="sm">
          <Group gap={4} wrap="nowrap">
            <span style={{ width: 28 }} />
            <Destination target={root} objects={objects} names={names} />
          </Group>
          {drawers.isPending && <Loader size="sm" aria-label="Loading drawers" />}
          {drawers.objects.map((drawer) => (
            <DrawerEntry key={drawer.id} drawer={drawer} objects={objects} names={names} />
          ))}
          {drawers.hasNextPage && (
            <Button size="compact-sm" variant="subtle" onClick={drawers.fetchNextPage} w="fit-content">
              Show more drawers
            </Button>
          )}
        </Stack>
      </ScrollArea.Autosize>
    </Radio.Group>
  );
}

interface Props {
  objects: readonly DeskObject[];
  opened: boolean;
  onClose: () => void;
  onMove: (target: MoveTarget) => void;
}

/** 'Move to…': picks My Desk, a drawer or a binder; every control reachable by keyboard. */
export function MoveDialog({ objects, opened, onClose, onMove }: Props) {
  const [target, setTarget] = useState<MoveTarget | null>(null);
  const close = () => {
    setTarget(null);
    onClose();
  };
  const count = objects.length;
  return (
    <DeskModal
      opened={opened}
      onClose={close}
      title={count === 1 ? 'Move to…' : `Move ${count} items to…`}
      size="md"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!target) return;
          onMove(target);
          close();
        }}
      >
        <Stack>
          <DestinationPicker objects={objects} value={target?.id ?? null} onPick={setTarget} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!target}>
              Move
            </Button>
          </Group>
        </Stack>
      </form>
    </DeskModal>
  );
}
