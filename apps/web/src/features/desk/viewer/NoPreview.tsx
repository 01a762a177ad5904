import type { DeskObject } from '@easio/shared';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { DownloadIcon } from '../../../components/object-icons';

export const CANT_SHOW = "This file can't be shown here. Download it to open it in another app.";

/** Why a file is not shown in the viewer, in plain words, and the way to open it elsewhere. */
export function NoPreview({ object, message = CANT_SHOW }: { object: DeskObject; message?: string }) {
  return (
    <Paper withBorder radius="md" p="xl" bg="var(--easio-surface-subtle)">
      <Stack align="center" gap="sm">
        <Text ta="center" size="sm">
          {message}
        </Text>
        {object.download_url && (
          <Button
            component="a"
            href={object.download_url}
            download
            variant="light"
            leftSection={<DownloadIcon size={16} />}
          >
            Download file
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
