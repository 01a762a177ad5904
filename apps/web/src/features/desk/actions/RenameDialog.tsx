import { type DeskObject, updateObjectSchema } from '@easio/shared';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { KIND_LABEL } from '../../../lib/object-info';
import { DeskModal } from '../DeskModal';
import { useUpdateObject } from '../mutations';

interface Props {
  object: DeskObject | null;
  onClose: () => void;
}

export function RenameForm({ object, onClose }: { object: DeskObject; onClose: () => void }) {
  const update = useUpdateObject();
  const form = useForm({
    initialValues: { name: object.name },
    validate: zod4Resolver(updateObjectSchema),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ name }) => {
        if (name.trim() === object.name) {
          onClose();
          return;
        }
        update.mutate({ id: object.id, changes: { name } }, { onSuccess: onClose });
      })}
    >
      <Stack>
        <TextInput label="Name" data-autofocus {...form.getInputProps('name')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Rename
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Renames any object; the name is checked against the contract's rule. */
export function RenameDialog({ object, onClose }: Props) {
  return (
    <DeskModal
      opened={object !== null}
      onClose={onClose}
      title={object ? `Rename ${KIND_LABEL[object.data_type].toLowerCase()}` : 'Rename'}
    >
      {object && <RenameForm key={object.id} object={object} onClose={onClose} />}
    </DeskModal>
  );
}
