import type { DeskObject } from '@easio/shared';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useOpenObject } from '../links';
import { useDeleteObjects, useDownload, useMoveObjects } from '../mutations';
import { DeleteDialog } from './DeleteDialog';
import { MoveDialog } from './MoveDialog';
import { RenameDialog } from './RenameDialog';

export type ObjectAction = 'open' | 'rename' | 'move' | 'download' | 'delete';

type Dialog = { kind: 'move' | 'delete'; objects: DeskObject[] } | { kind: 'rename'; object: DeskObject };

export interface ObjectActions {
  run: (action: ObjectAction, objects: DeskObject[]) => void;
  dialogs: ReactNode;
  downloading: boolean;
}

/** The actions on one or many objects (from a row menu, the selection bar or the keyboard) and their dialogs. */
export function useObjectActions(onDone?: (action: ObjectAction) => void): ObjectActions {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const open = useOpenObject();
  const move = useMoveObjects();
  const remove = useDeleteObjects();
  const download = useDownload();

  const run = useCallback(
    (action: ObjectAction, objects: DeskObject[]) => {
      const [first] = objects;
      if (!first) return;
      switch (action) {
        case 'open':
          open(first);
          break;
        case 'rename':
          setDialog({ kind: 'rename', object: first });
          break;
        case 'move':
        case 'delete':
          setDialog({ kind: action, objects });
          break;
        case 'download':
          download.mutate(objects);
          break;
      }
    },
    [open, download.mutate],
  );

  const close = useCallback(() => setDialog(null), []);
  const dialogs = useMemo(
    () => (
      <>
        <MoveDialog
          opened={dialog?.kind === 'move'}
          objects={dialog?.kind === 'move' ? dialog.objects : []}
          onClose={close}
          onMove={(target) => {
            if (dialog?.kind !== 'move') return;
            move.mutate({ objects: dialog.objects, target });
            onDone?.('move');
          }}
        />
        <DeleteDialog
          opened={dialog?.kind === 'delete'}
          objects={dialog?.kind === 'delete' ? dialog.objects : []}
          onClose={close}
          onConfirm={() => {
            if (dialog?.kind !== 'delete') return;
            remove.mutate(dialog.objects);
            onDone?.('delete');
          }}
        />
        <RenameDialog object={dialog?.kind === 'rename' ? dialog.object : null} onClose={close} />
      </>
    ),
    [dialog, close, move.mutate, remove.mutate, onDone],
  );

  return { run, dialogs, downloading: download.isPending };
}
