import '@mantine/dropzone/styles.css';
import { Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { UploadIcon } from '../../../components/object-icons';
import { useUploads } from './UploadsProvider';

/**
 * Files dragged from the computer anywhere over the page upload into this folder (Mantine Dropzone,
 * full screen). Drags inside the desk (dnd-kit, pointer events) never trigger it.
 */
export function UploadDropzone({ folderId, folderName }: { folderId: string; folderName: string }) {
  const uploads = useUploads();
  return (
    <Dropzone.FullScreen
      active
      onDrop={(files) => uploads.add(files, folderId)}
      activateOnClick={false}
      // Only a drag from the computer shows it: it is no stop on the keyboard's way (Upload files is).
      activateOnKeyboard={false}
    >
      <Group justify="center" mih="60vh" style={{ pointerEvents: 'none' }}>
        <Stack align="center" gap="xs">
          <UploadIcon size={48} />
          <Text size="xl" fw={700}>
            Drop to upload into {folderName}
          </Text>
          <Text c="dimmed">Each file uploads on its own; you can cancel any of them.</Text>
        </Stack>
      </Group>
    </Dropzone.FullScreen>
  );
}
