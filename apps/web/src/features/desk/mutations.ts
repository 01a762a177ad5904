import type { CreateItem, createFolderSchema, DeskObject, updateObjectSchema } from '@easio/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { deskKeys } from '../../api/desk-keys';
import { countOf, plural } from '../../lib/plural';
import { toastError, toastSuccess } from '../../lib/toast';
import { toastWithUndo } from '../../lib/undo-toast';
import {
  createFolder,
  createItem,
  deleteObjects,
  fetchObject,
  moveObjects,
  readTextAgain,
  requestZip,
  restoreObjects,
  updateObject,
} from './api';
import { removeFromListings, replaceInListings } from './queries';
import { createdMessage, deletedMessage, downloadMessage, movedMessage } from './status-messages';

export function useCreateFolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof createFolderSchema>) => createFolder(input),
    onSuccess: (folder) => {
      toastSuccess(createdMessage(folder.data_type));
      void client.invalidateQueries({ queryKey: deskKeys.all });
    },
  });
}

export function useCreateItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateItem) => createItem(input),
    onSuccess: (item) => {
      toastSuccess(createdMessage(item.data_type));
      void client.invalidateQueries({ queryKey: deskKeys.all });
    },
  });
}

export function useUpdateObject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: z.input<typeof updateObjectSchema> }) =>
      updateObject(id, changes),
    onSuccess: (object) => {
      replaceInListings(client, object);
      void client.invalidateQueries({ queryKey: deskKeys.folder(object.id) });
      // A renamed folder shows in the breadcrumbs of everything inside it.
      if (object.data_type !== 'file_object') void client.invalidateQueries({ queryKey: ['desk', 'folder'] });
      void client.invalidateQueries({ queryKey: deskKeys.search });
    },
    onError: (error) => toastError(error),
  });
}

/** Reads a scan's text again: the viewer and the listings show it being read until it is done. */
export function useReadTextAgain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => readTextAgain(id),
    onSuccess: (object) => {
      client.setQueryData(deskKeys.object(object.id), object);
      replaceInListings(client, object);
    },
    onError: (error) => toastError(error),
  });
}

export interface MoveTarget {
  id: string;
  name: string;
}

/** Puts objects back in the folders they were in (one call per folder), then shows what is true now. */
async function moveBack(client: QueryClient, objects: readonly Pick<DeskObject, 'id' | 'parent_id'>[]) {
  const byParent = new Map<string, string[]>();
  for (const o of objects)
    if (o.parent_id) byParent.set(o.parent_id, [...(byParent.get(o.parent_id) ?? []), o.id]);
  try {
    let count = 0;
    for (const [parentId, ids] of byParent) count += (await moveObjects(ids, parentId)).count;
    toastSuccess(`${countOf(count, 'item')} back where ${plural(count, 'it was', 'they were')}`);
  } catch (error) {
    toastError(error);
  } finally {
    void client.invalidateQueries({ queryKey: deskKeys.all });
  }
}

/**
 * Moves take the objects out of the listings at once; the server's refusal puts them back. The toast
 * offers Undo: each object back into the folder it came from.
 */
export function useMoveObjects() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      objects,
      target,
    }: {
      objects: readonly Pick<DeskObject, 'id' | 'parent_id'>[];
      target: MoveTarget;
    }) =>
      moveObjects(
        objects.map((o) => o.id),
        target.id,
      ),
    onMutate: async ({ objects }) => {
      await client.cancelQueries({ queryKey: [...deskKeys.lists, 'children'] });
      removeFromListings(client, new Set(objects.map((o) => o.id)), [...deskKeys.lists, 'children']);
    },
    onSuccess: ({ count }, { objects, target }) =>
      toastWithUndo(movedMessage(count, target.name), () => void moveBack(client, objects)),
    onError: (error) => toastError(error),
    onSettled: () => client.invalidateQueries({ queryKey: deskKeys.all }),
  });
}

/** Puts what was just deleted back where it was, out of the Trash. */
async function restore(client: QueryClient, ids: string[]) {
  try {
    const { count } = await restoreObjects(ids);
    toastSuccess(`${countOf(count, 'item')} restored`);
  } catch (error) {
    toastError(error);
  } finally {
    void client.invalidateQueries({ queryKey: deskKeys.all });
  }
}

/** Moves objects to the Trash; the toast offers Undo (restored where they were). */
export function useDeleteObjects() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (objects: readonly Pick<DeskObject, 'id' | 'data_type'>[]) =>
      deleteObjects(objects.map((o) => o.id)),
    onMutate: async (objects) => {
      await client.cancelQueries({ queryKey: deskKeys.lists });
      removeFromListings(client, new Set(objects.map((o) => o.id)));
    },
    onSuccess: (_result, objects) => {
      toastWithUndo(
        deletedMessage(objects.map((o) => o.data_type)),
        () =>
          void restore(
            client,
            objects.map((o) => o.id),
          ),
      );
      for (const object of objects) {
        client.removeQueries({ queryKey: deskKeys.object(object.id) });
        client.removeQueries({ queryKey: deskKeys.folder(object.id) });
      }
    },
    onError: (error) => toastError(error),
    onSettled: () => client.invalidateQueries({ queryKey: deskKeys.all }),
  });
}

/** Starts a browser download of a signed address without leaving the page. */
export function startDownload(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * One file downloads from its own address (fetched fresh: the addresses are short-lived); several
 * objects, or a folder, download as one ZIP.
 */
export function useDownload() {
  return useMutation({
    mutationFn: async (objects: readonly Pick<DeskObject, 'id' | 'data_type'>[]) => {
      const [only] = objects;
      if (objects.length === 1 && only && only.data_type === 'file_object') {
        const fresh = await fetchObject(only.id);
        if (fresh.download_url) return fresh.download_url;
      }
      const { url } = await requestZip(objects.map((o) => o.id));
      return url;
    },
    onSuccess: (url, objects) => {
      startDownload(url);
      toastSuccess(downloadMessage(objects.length));
    },
    onError: (error) => toastError(error),
  });
}
