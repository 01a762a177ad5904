import {
  type DataType,
  isNamedByText,
  nameFromText,
  textNameFallback,
  type updateObjectSchema,
} from '@easio/shared';
import type { z } from 'zod';
import type { ObjectRow } from '../db/schema.js';
import type { ObjectPatch } from './repository.js';

export type ObjectEdit = z.output<typeof updateObjectSchema>;

/** Why this edit does not fit this kind of object, or null when it does. */
export function editRefusal(type: DataType, edit: ObjectEdit): string | null {
  if (type === 'root_object') return 'Your desk itself cannot be changed';
  if (edit.binder_state !== undefined && type !== 'binder_object') return 'Only binders have a state';
  if (edit.content !== undefined && type !== 'note_object' && type !== 'url_note_object') {
    return 'Only notes and url notes have text to edit';
  }
  if (edit.url !== undefined && type !== 'url_object' && type !== 'url_note_object') {
    return 'Only links have an address';
  }
  if (edit.place !== undefined && type !== 'location_object') return 'Only locations have a place on the map';
  return null;
}

const labelOf = (metadata: Record<string, unknown>) =>
  typeof metadata.label === 'string' ? metadata.label : null;

/**
 * What the edit writes: what it names, and the names that follow. A note never named keeps the
 * name its text gives (its first line), and a location named by its label takes the new label.
 */
export function changesOf(row: ObjectRow, edit: ObjectEdit): ObjectPatch {
  const changes: ObjectPatch = {
    name: edit.name,
    binderState: edit.binder_state,
    content: edit.content,
    url: edit.url,
    tags: edit.tags,
  };
  const dataType = row.dataType as DataType;
  const untitled = isNamedByText({ data_type: dataType, name: row.name, content: row.content, url: row.url });
  if (edit.name === undefined && untitled && (edit.content !== undefined || edit.url !== undefined)) {
    const url = edit.url ?? row.url;
    changes.name = nameFromText(
      edit.content ?? row.content ?? '',
      textNameFallback({ data_type: dataType, url }),
    );
  }
  if (edit.place) {
    const { address: _oldAddress, ...rest } = row.metadata;
    const { latitude, longitude, label, address } = edit.place;
    changes.metadata = { ...rest, latitude, longitude, label, ...(address ? { address } : {}) };
    changes.content = address || null;
    if (edit.name === undefined && row.name === labelOf(row.metadata)) changes.name = label;
  }
  return changes;
}

/** Whether the edit changes what the recommendations read of an item. */
export function changesWhatIsRead(edit: ObjectEdit): boolean {
  return (
    edit.name !== undefined ||
    edit.content !== undefined ||
    edit.url !== undefined ||
    edit.tags !== undefined ||
    edit.place !== undefined
  );
}
