import type { SearchResult } from '@easio/shared';
import { isFolder } from '../../lib/object-info';
import { folderPath, SELECT_PARAM, VIEWER_PARAM } from '../desk/links';

type Located = Pick<SearchResult, 'id' | 'data_type' | 'path'>;

/** The page of the folder holding a result: the last crumb of its path. */
function holderPath(result: Located): string {
  const holder = result.path.at(-1);
  return holder ? folderPath(holder) : '/my-desk/my-content';
}

/** "Open in folder": the folder holding the result, with the result selected and scrolled into view. */
export function inFolderHref(result: Located): string {
  return `${holderPath(result)}?${new URLSearchParams({ [SELECT_PARAM]: result.id })}`;
}

/** A result opened as the desk opens objects: a drawer or binder's own page, else its viewer over its folder. */
export function openResultHref(result: Located): string {
  if (isFolder(result)) return folderPath(result);
  return `${holderPath(result)}?${new URLSearchParams({ [VIEWER_PARAM]: result.id })}`;
}

/** Where a result lives, for people: "My Desk › Taxes › Receipts". */
export function pathText(result: Pick<SearchResult, 'path'>): string {
  return result.path.map((crumb) => (crumb.data_type === 'root_object' ? 'My Desk' : crumb.name)).join(' › ');
}
