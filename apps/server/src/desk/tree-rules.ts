import type { DataType } from '@easio/shared';

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
