import type { DataType } from '@easio/shared';

interface Placed {
  id: string;
  data_type: DataType;
}

const FOLDER_NAMES: Partial<Record<DataType, string>> = {
  root_object: 'My Desk',
  drawer_object: 'a drawer',
  binder_object: 'a binder',
};

/** Where each kind may live: drawers in the root, binders in a drawer, items in any folder. */
export function allowedParents(type: DataType): DataType[] {
  switch (type) {
    case 'root_object':
      return [];
    case 'drawer_object':
      return ['root_object'];
    case 'binder_object':
      return ['drawer_object'];
    default:
      return ['root_object', 'drawer_object', 'binder_object'];
  }
}

/**
 * Why these objects can't go into the target, or null when they can. The server has the last word
 * (a move is all-or-nothing); this spares a round trip and says it in plain words.
 */
export function moveProblem(objects: readonly Placed[], target: Placed): string | null {
  if (objects.length === 0) return 'Nothing to move';
  if (objects.some((o) => o.id === target.id)) return 'A folder cannot go inside itself';
  for (const object of objects) {
    const allowed = allowedParents(object.data_type);
    if (allowed.includes(target.data_type)) continue;
    if (object.data_type === 'drawer_object') return 'Drawers stay in My Desk';
    if (object.data_type === 'binder_object') return 'Binders go inside a drawer';
    return `Items cannot go into ${FOLDER_NAMES[target.data_type] ?? 'that'}`;
  }
  return null;
}
