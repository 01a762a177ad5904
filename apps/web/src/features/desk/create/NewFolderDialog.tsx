import { BINDER_STATES, type BinderState, createFolderSchema } from '@easio/shared';
import { NativeSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { toastError } from '../../../lib/toast';
import { DeskModal } from '../DeskModal';
import { BINDER_STATE_LABEL } from '../filters';
import { useCreateFolder } from '../mutations';
import { DialogActions } from './DialogActions';
import { showServerErrors, validateAs } from './form-helpers';

interface Props {
  kind: 'drawer_object' | 'binder_object';
  parentId: string;
  opened: boolean;
  onClose: () => void;
}

interface Values {
  name: string;
  binder_state: BinderState | '';
}

const STATE_OPTIONS = [
  { value: '', label: 'No state' },
  ...BINDER_STATES.map((s) => ({ value: s, label: BINDER_STATE_LABEL[s] })),
];

function FolderForm({ kind, parentId, onClose }: Omit<Props, 'opened'>) {
  const create = useCreateFolder();
  const toPayload = (v: Values) => ({
    data_type: kind,
    name: v.name,
    parent_id: parentId,
    ...(kind === 'binder_object' && v.binder_state ? { binder_state: v.binder_state } : {}),
  });
  const form = useForm<Values>({
    initialValues: { name: '', binder_state: '' },
    validate: validateAs(createFolderSchema, toPayload),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        create.mutate(toPayload(values), {
          onSuccess: onClose,
          onError: (error) => {
            toastError(error);
            showServerErrors(form, error);
          },
        }),
      )}
    >
      <Stack>
        <TextInput label="Name" data-autofocus required {...form.getInputProps('name')} />
        {kind === 'binder_object' && (
          <NativeSelect label="State" data={STATE_OPTIONS} {...form.getInputProps('binder_state')} />
        )}
        <DialogActions onCancel={onClose} submitting={create.isPending} />
      </Stack>
    </form>
  );
}

/** 'New drawer' (in My Desk) and 'New binder' (inside a drawer). */
export function NewFolderDialog({ kind, parentId, opened, onClose }: Props) {
  return (
    <DeskModal
      opened={opened}
      onClose={onClose}
      title={kind === 'drawer_object' ? 'New drawer' : 'New binder'}
    >
      <FolderForm kind={kind} parentId={parentId} onClose={onClose} />
    </DeskModal>
  );
}
