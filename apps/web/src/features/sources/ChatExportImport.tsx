import { type ChatExportPreview, chatExportPreviewSchema, chatExportResultSchema } from '@easio/shared';
import { Button, Checkbox, FileButton, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../../api/client';
import { deskKeys } from '../../api/desk-keys';
import { apiUpload } from '../../api/upload';
import { plural } from '../../lib/plural';
import { toastError, toastSuccess } from '../../lib/toast';
import { sourceKeys } from './queries';

/**
 * Import a WhatsApp chat export (`.txt`, or `.zip` with media): the file is uploaded and described, the
 * user ticks whose messages to keep, and those land on the desk dated by when they were sent.
 */
export function ChatExportImport() {
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<ChatExportPreview | null>(null);
  const [keep, setKeep] = useState<string[]>([]);
  const client = useQueryClient();

  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return apiUpload('/whatsapp/chat_exports', body, chatExportPreviewSchema, {
        onProgress: (loaded, total) => setProgress(total ? (loaded / total) * 100 : null),
      });
    },
    onSuccess: (described) => {
      setPreview(described);
      setKeep(described.senders.map((s) => s.name));
    },
    onError: (error) => toastError(error),
    onSettled: () => setProgress(null),
  });

  const importChat = useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/whatsapp/chat_exports/${id}/import`, chatExportResultSchema, { json: { keep } }),
    onSuccess: ({ imported, skipped, failed }) => {
      const parts = [`${imported} ${plural(imported, 'message')} imported`];
      if (skipped) parts.push(`${skipped} already on your desk`);
      if (failed) parts.push(`${failed} failed`);
      toastSuccess(parts.join(', '));
      setPreview(null);
      void client.invalidateQueries({ queryKey: deskKeys.all });
      void client.invalidateQueries({ queryKey: sourceKeys.all });
    },
    onError: (error) => toastError(error),
  });

  return (
    <>
      <Stack gap={4}>
        <FileButton
          onChange={(file) => file && upload.mutate(file)}
          accept=".txt,.zip,text/plain,application/zip"
        >
          {(props) => (
            <Button {...props} size="compact-sm" variant="light" w="fit-content" loading={upload.isPending}>
              Import a chat export
            </Button>
          )}
        </FileButton>
        {progress !== null && <Progress value={progress} size="xs" aria-label="Uploading the chat export" />}
      </Stack>
      <Modal
        opened={preview !== null}
        onClose={() => setPreview(null)}
        title="Import a WhatsApp chat"
        centered
      >
        {preview && (
          <Stack gap="sm">
            <Text size="sm">
              {preview.file_name}: {preview.messages} messages
              {preview.files ? `, ${preview.files} files` : ''}.
              {preview.missing_files
                ? ` ${preview.missing_files} messages name a file the export does not hold (exported without media): their text is kept.`
                : ''}
            </Text>
            <Checkbox.Group label="Whose messages to keep" value={keep} onChange={setKeep}>
              <Stack gap={6} mt={6}>
                {preview.senders.map((s) => (
                  <Checkbox key={s.name} value={s.name} label={`${s.name} (${s.messages})`} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPreview(null)}>
                Cancel
              </Button>
              <Button
                disabled={keep.length === 0}
                loading={importChat.isPending}
                onClick={() => importChat.mutate(preview.id)}
              >
                Import
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
