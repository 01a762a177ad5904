import type { DataType } from './constants.js';

/** The folders of the desk tree. */
export const FOLDER_TYPES = ['root_object', 'drawer_object', 'binder_object'] as const;
export type FolderType = (typeof FOLDER_TYPES)[number];

export function isFolderType(type: DataType): type is FolderType {
  return (FOLDER_TYPES as readonly DataType[]).includes(type);
}

/**
 * The shape of the desk (ARCHITECTURE): the root holds drawers and unfiled items, drawers hold binders
 * (and items moved there), binders hold items. Nothing else nests, so no move can make a cycle.
 * The server enforces it; the client uses it to say no before asking.
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
      return isFolderType(parent);
  }
}
