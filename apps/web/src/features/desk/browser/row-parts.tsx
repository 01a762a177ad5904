import type { DeskObject } from '@easio/shared';
import { ActionIcon, Checkbox } from '@mantine/core';
import type { KeyboardEventHandler, MouseEvent, Ref, SyntheticEvent } from 'react';
import { ObjectIcon } from '../../../components/ObjectIcon';
import { GripIcon } from '../../../components/object-icons';
import { displayName, isLink } from '../../../lib/object-info';
import classes from '../desk.module.css';

const stop = (event: SyntheticEvent) => event.stopPropagation();

/** The row's checkbox: toggles this object (shift: the range up to it). */
export function SelectBox({
  object,
  selected,
  onCheck,
}: {
  object: DeskObject;
  selected: boolean;
  onCheck: (event: MouseEvent, object: DeskObject) => void;
}) {
  return (
    <Checkbox
      size="xs"
      checked={selected}
      aria-label={`Select ${displayName(object)}`}
      // The row is the one Tab stop; Space on it selects.
      tabIndex={-1}
      onChange={() => undefined}
      onClick={(event) => {
        event.stopPropagation();
        onCheck(event, object);
      }}
      onDoubleClick={stop}
      onPointerDown={stop}
      style={{ flexShrink: 0 }}
    />
  );
}

export interface HandleProps {
  ref: Ref<HTMLElement>;
  onKeyDown: KeyboardEventHandler | undefined;
  'aria-describedby': string;
}

/** The keyboard way to drag: focus the handle, space or enter, arrow keys, space or enter. */
export function DragHandle({ object, handle }: { object: DeskObject; handle: HandleProps | null }) {
  if (!handle) return null;
  return (
    <ActionIcon
      ref={handle.ref as Ref<HTMLButtonElement>}
      // No stopPropagation: during a keyboard drag dnd-kit listens for the keys on the document.
      onKeyDown={handle.onKeyDown}
      aria-describedby={handle['aria-describedby']}
      aria-label={`Drag ${displayName(object)}`}
      // Out of the Tab order (the row is the stop; `m` moves it); focused by a click, it drags by keyboard.
      tabIndex={-1}
      variant="subtle"
      color="gray"
      size="sm"
      className={classes.handle}
      onClick={stop}
      onDoubleClick={stop}
    >
      <GripIcon size={14} />
    </ActionIcon>
  );
}

/** A picture's thumbnail, else the kind's icon; a link shows its site's icon (its picture is for the grid). */
export function Thumb({ object }: { object: DeskObject }) {
  if (object.thumbnail_url && !isLink(object)) {
    return (
      <img
        className={classes.thumb}
        src={object.thumbnail_url}
        alt=""
        loading="lazy"
        decoding="async"
        draggable={false}
      />
    );
  }
  return <ObjectIcon object={object} size={32} />;
}
