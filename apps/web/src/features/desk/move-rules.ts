import { canContain, type DataType } from '@easio/shared';

interface Placed {
  id: string;
  data_type: DataType;
}

const FOLDER_NAMES: Partial<Record<DataType, string>> = {
  root_object: 'My Desk',
  drawer_object: 'a drawer',
  binder_object: 'a binder',
};

/**
 * Why these objects can't go into the target, or null when they can. The server has the last word
 * (a move is all-or-nothing); this spares a round trip and says it in plain words.
 */
export function moveProblem(objects: readonly Placed[], target: Placed): string | null {
  if (objects.length === 0) return 'Nothing to move';
  if (objects.some((o) => o.id === target.id)) return 'A folder cannot go inside itself';
  for (const object of objects) {
    if (canContain(target.data_type, object.data_type)) continue;
    if (object.data_type === 'drawer_object') return 'Drawers stay in My Desk';
    if (object.data_type === 'binder_object') return 'Binders go inside a drawer';
    return `Items cannot go into ${FOLDER_NAMES[target.data_type] ?? 'that'}`;
  }
  return null;
}
