import type { DeskObject } from '@easio/shared';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isFolder } from '../../lib/object-info';

/** The address of a folder's page; the root is /my-desk/my-content itself. */
export function folderPath(folder: Pick<DeskObject, 'id' | 'data_type'>): string {
  return folder.data_type === 'root_object' ? '/my-desk/my-content' : `/my-desk/my-content/${folder.id}`;
}

/** The viewer shows the object named by `?item=` in the address, so Back closes it. */
export const VIEWER_PARAM = 'item';

/** A folder's page selects and scrolls to the object named by `?select=` ("Open in folder" from search). */
export const SELECT_PARAM = 'select';

/** Opens an object: a folder's page, or the viewer for anything else. */
export function useOpenObject() {
  const navigate = useNavigate();
  const [, setSearchParams] = useSearchParams();
  return useCallback(
    (object: Pick<DeskObject, 'id' | 'data_type'>) => {
      if (isFolder(object)) {
        navigate(folderPath(object));
        return;
      }
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.set(VIEWER_PARAM, object.id);
          return next;
        },
        { state: { viewer: true } },
      );
    },
    [navigate, setSearchParams],
  );
}
