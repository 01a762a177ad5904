import type { DataType } from '@easio/shared';
import { KIND_LABEL } from '../../lib/object-info';
import { plural } from '../../lib/plural';

const isFolderType = (t: DataType) => t === 'drawer_object' || t === 'binder_object';

/** The folder and file operation statuses (spec section 3) as the toasts word them. */
export function createdMessage(type: DataType): string {
  return `${KIND_LABEL[type]} created`;
}

/** What a delete did: it moved them to the Trash (restorable there, or with Undo). */
export function deletedMessage(types: readonly DataType[]): string {
  if (types.length === 1 && types[0]) return `${KIND_LABEL[types[0]]} moved to the Trash`;
  const folders = types.filter(isFolderType).length;
  const items = types.length - folders;
  if (folders === 0) return `${items} ${plural(items, 'item')} moved to the Trash`;
  if (items === 0) return `${folders} ${plural(folders, 'folder')} moved to the Trash, with their content`;
  return `${folders} ${plural(folders, 'folder')} and ${items} ${plural(items, 'item')} moved to the Trash`;
}

export function movedMessage(count: number, targetName: string): string {
  return `${count} ${plural(count, 'item')} moved to ${targetName}`;
}

export function uploadedMessage(done: number, failed: number): string {
  const head = `${done} ${plural(done, 'file')} uploaded`;
  return failed > 0 ? `${head}, ${failed} not uploaded` : head;
}

export function downloadMessage(count: number): string {
  return count === 1 ? 'Download started' : `Downloading ${count} items as a ZIP`;
}
