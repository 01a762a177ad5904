import { type DeskObject, updateObjectSchema } from '@easio/shared';
import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { errorMessage } from '../../../api/error-message';
import { EditIcon } from '../../../components/object-icons';
import { useUpdateObject } from '../mutations';

/** Why an address cannot be saved, by the contract's own rule, or null. */
function addressProblem(url: string): string | null {
  const checked = updateObjectSchema.safeParse({ url });
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'Not a web address');
}

/**
 * A link's address, changed in place. The server forgets what the old page said and reads the new one
 * (the viewer shows "Reading the page…" until its preview is in).
 */
export function AddressEditor({ object }: { object: DeskObject }) {
  const update = useUpdateObject();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (!editing) {
    return (
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<EditIcon size={14} />}
          onClick={() => {
            setValue(object.url ?? '');
            setError(null);
            setEditing(true);
          }}
        >
          Change address
        </Button>
      </Group>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const url = value.trim();
    if (url === object.url) return setEditing(false);
    const problem = addressProblem(url);
    if (problem) return setError(problem);
    update.mutate(
      { id: object.id, changes: { url } },
      { onSuccess: () => setEditing(false), onError: (e) => setError(errorMessage(e)) },
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      setEditing(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label="Web address"
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          error={error}
          type="url"
          inputMode="url"
          // Escape here cancels the change; it does not close the viewer.
          data-mantine-stop-propagation="true"
          autoFocus
          style={{ flex: 1 }}
        />
        <Group gap="xs" mt={25} wrap="nowrap">
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
          <Button variant="default" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </Group>
      </Group>
    </form>
  );
}
