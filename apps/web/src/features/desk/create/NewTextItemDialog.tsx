import { createItemSchema } from '@easio/shared';
import { Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { toastError } from '../../../lib/toast';
import { DeskModal } from '../DeskModal';
import { useCreateItem } from '../mutations';
import { DialogActions } from './DialogActions';
import { optional, showServerErrors, validateAs } from './form-helpers';

export type TextItemKind = 'note_object' | 'url_object' | 'url_note_object';

const TITLE: Record<TextItemKind, string> = {
  note_object: 'New note',
  url_object: 'New link',
  url_note_object: 'New url note',
};

interface Values {
  name: string;
  url: string;
  content: string;
}

function toPayload(kind: TextItemKind, parentId: string, v: Values) {
  const name = optional(v.name);
  switch (kind) {
    case 'note_object':
      return { data_type: kind, parent_id: parentId, name, content: v.content };
    case 'url_object':
      return { data_type: kind, parent_id: parentId, name, url: v.url.trim() };
    case 'url_note_object':
      return { data_type: kind, parent_id: parentId, name, url: v.url.trim(), content: v.content };
  }
}

function TextItemForm({
  kind,
  parentId,
  onClose,
}: {
  kind: TextItemKind;
  parentId: string;
  onClose: () => void;
}) {
  const create = useCreateItem();
  const form = useForm<Values>({
    initialValues: { name: '', url: '', content: '' },
    validate: validateAs(createItemSchema, (v: Values) => toPayload(kind, parentId, v)),
  });
  const hasUrl = kind !== 'note_object';
  const hasText = kind !== 'url_object';
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        create.mutate(toPayload(kind, parentId, values), {
          onSuccess: onClose,
          onError: (error) => {
            toastError(error);
            showServerErrors(form, error);
          },
        }),
      )}
    >
      <Stack>
        {hasUrl && (
          <TextInput
            label="Web address"
            placeholder="https://"
            type="url"
            required
            data-autofocus
            {...form.getInputProps('url')}
          />
        )}
        <TextInput
          label="Name"
          description={hasUrl ? 'Optional: the address is shown when left empty' : 'Optional'}
          data-autofocus={hasUrl ? undefined : true}
          {...form.getInputProps('name')}
        />
        {hasText && (
          <Textarea label="Note" autosize minRows={4} maxRows={14} {...form.getInputProps('content')} />
        )}
        <DialogActions onCancel={onClose} submitting={create.isPending} />
      </Stack>
    </form>
  );
}

/** 'New note', 'New link' and 'New url note'. */
export function NewTextItemDialog({
  kind,
  parentId,
  opened,
  onClose,
}: {
  kind: TextItemKind;
  parentId: string;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <DeskModal opened={opened} onClose={onClose} title={TITLE[kind]} size="lg">
      <TextItemForm key={kind} kind={kind} parentId={parentId} onClose={onClose} />
    </DeskModal>
  );
}
