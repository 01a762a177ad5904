import { type DeskObject, isNamedByText, NAME_MAX } from '@easio/shared';
import { ActionIcon, Modal, Text, TextInput, Tooltip } from '@mantine/core';
import { type CSSProperties, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../api/error-message';
import { EditIcon } from '../../../components/object-icons';
import { displayName, KIND_LABEL } from '../../../lib/object-info';
import { useUpdateObject } from '../mutations';

/**
 * What the viewer's title says: the name, or for a note never named (its name is its first line,
 * shown just below) "Untitled note", so its text does not show twice.
 */
export function viewerTitle(object: DeskObject): string {
  return isNamedByText(object)
    ? `Untitled ${KIND_LABEL[object.data_type].toLowerCase()}`
    : displayName(object);
}

const HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};

/**
 * The viewer's title (in its header), renamed in place: the pencil (or Enter on it) turns it into a field; Enter or
 * leaving the field saves, Escape puts the name back.
 */
export function NameEditor({ object }: { object: DeskObject }) {
  const update = useUpdateObject();
  const untitled = isNamedByText(object);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  // Back from the field by keyboard, focus returns to the pencil rather than to the page.
  useEffect(() => {
    if (!editing && refocus.current) {
      refocus.current = false;
      button.current?.focus();
    }
  }, [editing]);

  const start = () => {
    setValue(untitled ? '' : object.name);
    setError(null);
    setEditing(true);
  };
  const finish = () => {
    if (busy.current) return;
    const name = value.trim();
    if (name === '' && untitled) return setEditing(false);
    if (name === '') return setError('Name is required');
    if (name.length > NAME_MAX) return setError('Name is too long');
    if (name === object.name) return setEditing(false);
    busy.current = true;
    update.mutate(
      { id: object.id, changes: { name } },
      {
        onSuccess: () => setEditing(false),
        onError: (e) => setError(errorMessage(e)),
        onSettled: () => {
          busy.current = false;
        },
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      refocus.current = true;
      finish();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      refocus.current = true;
      setEditing(false);
    }
  };

  return (
    <>
      {/* The dialog is named by this title, so it stays (unseen) while the field replaces it. */}
      <Modal.Title style={editing ? HIDDEN : { minWidth: 0 }}>
        <Text
          component="span"
          fw={700}
          size="lg"
          lineClamp={2}
          c={untitled ? 'dimmed' : undefined}
          style={{ overflowWrap: 'anywhere' }}
        >
          {viewerTitle(object)}
        </Text>
      </Modal.Title>
      {editing ? (
        <TextInput
          aria-label="Name"
          placeholder={untitled ? 'Name this note' : undefined}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={finish}
          error={error}
          readOnly={update.isPending}
          // Escape here puts the name back; it does not close the viewer.
          data-mantine-stop-propagation="true"
          autoFocus
          style={{ flex: 1 }}
        />
      ) : (
        <Tooltip label={untitled ? 'Name it' : 'Rename'}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={untitled ? 'Name it' : 'Rename'}
            onClick={start}
            ref={button}
            ml={4}
            mr="auto"
          >
            <EditIcon size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </>
  );
}
