import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { deskKeys } from '../../../api/desk-keys';
import { errorMessage } from '../../../api/error-message';
import { toastError, toastSuccess } from '../../../lib/toast';
import { linkDuplicate, uploadFile } from '../api';
import { uploadedMessage } from '../status-messages';
import { createUploadStore, type UploadSnapshot, type UploadStore } from './upload-store';

const UploadsContext = createContext<UploadStore | null>(null);

/** While files keep landing, the listings refresh at most this often. */
const REFRESH_MS = 800;

/** The desk's one upload queue: it lives as long as the desk, so moving between folders keeps it going. */
export function UploadsProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const [store] = useState(() => {
    // The first file to land refreshes the listings at once; more landing soon after, once more later.
    let timer: ReturnType<typeof setTimeout> | null = null;
    let again = false;
    const refresh = () => void client.invalidateQueries({ queryKey: deskKeys.all });
    const cool = () => {
      timer = setTimeout(() => {
        timer = null;
        if (again) {
          again = false;
          refresh();
          cool();
        }
      }, REFRESH_MS);
    };
    return createUploadStore({
      upload: ({ file, parentId, signal, onProgress }) =>
        uploadFile({ file, parentId, onDuplicate: 'refuse', signal, onProgress }),
      link: (input) => linkDuplicate(input),
      onLanded: () => {
        if (timer !== null) {
          again = true;
          return;
        }
        refresh();
        cool();
      },
      onBatchDone: (done, failed) => {
        if (done > 0) toastSuccess(uploadedMessage(done, failed));
        else toastError(failed === 1 ? 'The file was not uploaded' : `${failed} files were not uploaded`);
      },
      describeError: errorMessage,
    });
  });
  // Leaving the desk cancels what is still uploading.
  useEffect(() => () => store.cancelAll(), [store]);
  return <UploadsContext value={store}>{children}</UploadsContext>;
}

export function useUploads(): UploadStore {
  const store = useContext(UploadsContext);
  if (!store) throw new Error('useUploads needs an UploadsProvider');
  return store;
}

export function useUploadSnapshot(): UploadSnapshot {
  const store = useUploads();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
