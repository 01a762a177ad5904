import type { DataType } from '@easio/shared';

/**
 * The shape of the desk (ARCHITECTURE): the root holds drawers and unfiled items, drawers hold binders
 * (and items moved there), binders hold items. Nothing else nests, so no move can make a cycle.
 */
export function canContain(parent: DataType, child: DataType): boolean {
  switch (child) {
    case 'root_object':
      return false;
    case 'drawer_object':
      return parent === 'root_object';
    case 'binder_object':
      return parent === 'drawer_object';
    default:
      return parent === 'root_object' || parent === 'drawer_object' || parent === 'binder_object';
  }
}

const NAMES: Record<DataType, string> = {
  root_object: 'your desk',
  drawer_object: 'a drawer',
  binder_object: 'a binder',
  file_object: 'a file',
  note_object: 'a note',
  url_object: 'a link',
  url_note_object: 'a url note',
  location_object: 'a location',
  email_object: 'an e-mail',
  event_object: 'an event',
};

/** Why `child` may not go into `parent`, in words for the user. */
export function placementRefusal(parent: DataType, child: DataType): string {
  if (child === 'root_object') return 'Your desk itself cannot be moved';
  if (child === 'drawer_object') return 'Drawers stay on your desk: they cannot go into a drawer or binder';
  if (child === 'binder_object') return 'Binders go into a drawer';
  return `${NAMES[parent]} cannot hold items`.replace(/^./, (c) => c.toUpperCase());
}

export const isFolder = (t: DataType) =>
  t === 'root_object' || t === 'drawer_object' || t === 'binder_object';
