import { Button, FileButton } from '@mantine/core';
import { useRef } from 'react';
import { UploadIcon } from '../../../components/object-icons';
import { useSession } from '../../../state/session';
import { useUploads } from '../uploads/UploadsProvider';

/**
 * Photos straight into the gallery: they land unfiled on the desk, and their EXIF puts them in their month
 * and on the map. On a phone the picker opens its photo library.
 */
export function UploadPhotos({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const uploads = useUploads();
  const rootId = useSession()?.root_folder ?? '';
  const reset = useRef<() => void>(null);
  return (
    <FileButton
      multiple
      accept="image/*"
      resetRef={reset}
      onChange={(files) => {
        uploads.add(files, rootId);
        reset.current?.();
      }}
    >
      {(props) => (
        <Button {...props} size={size} leftSection={<UploadIcon size={14} />} disabled={!rootId}>
          Upload photos
        </Button>
      )}
    </FileButton>
  );
}
