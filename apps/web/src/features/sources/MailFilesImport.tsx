import { Button, FileButton, Progress, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deskKeys } from '../../api/desk-keys';
import { plural } from '../../lib/plural';
import { toastError, toastSuccess } from '../../lib/toast';
import { FailureList } from './FailureList';
import { uploadMailFiles } from './mail-api';
import { sourceKeys, useSources } from './queries';

/** Upload saved e-mails (.eml) and mailbox archives (.mbox, as Thunderbird or Google Takeout export them). */
export function MailFilesImport() {
  const [progress, setProgress] = useState<number | null>(null);
  const [showFailures, toggle] = useDisclosure(false);
  const client = useQueryClient();
  const upload = useMutation({
    mutationFn: (files: File[]) => uploadMailFiles(files, setProgress),
    onSuccess: ({ messages, imported, skipped, failed }) => {
      const parts = [`${messages} ${plural(messages, 'message')} read`, `${imported} items imported`];
      if (skipped) parts.push(`${skipped} already on your desk`);
      if (failed) parts.push(`${failed} could not be imported (listed below)`);
      toastSuccess(parts.join(', '), 8000);
      void client.invalidateQueries({ queryKey: deskKeys.all });
      void client.invalidateQueries({ queryKey: sourceKeys.all });
    },
    onError: (error) => toastError(error),
    onSettled: () => setProgress(null),
  });
  const failures = useSources().data?.connections.find((c) => c.service === 'mail_files')?.failures ?? 0;
  return (
    <Stack gap={4}>
      <FileButton
        multiple
        onChange={(files) => files.length && upload.mutate(files)}
        accept=".eml,.mbox,message/rfc822,application/mbox"
      >
        {(props) => (
          <Button {...props} size="compact-sm" variant="light" w="fit-content" loading={upload.isPending}>
            Import .eml or .mbox files
          </Button>
        )}
      </FileButton>
      {progress !== null && <Progress value={progress} size="xs" aria-label="Uploading the mail files" />}
      {failures > 0 && (
        <>
          <Button size="compact-xs" variant="subtle" color="red" w="fit-content" onClick={toggle.toggle}>
            {failures} {plural(failures, 'message')} from uploaded files could not be imported
            {showFailures ? ' (hide)' : ' (show)'}
          </Button>
          {showFailures && <FailureList service="mail_files" retryable={false} />}
        </>
      )}
    </Stack>
  );
}
