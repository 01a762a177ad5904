import { Button, FileButton } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { countOf } from '../../lib/plural';
import { toastError, toastSuccess } from '../../lib/toast';
import { deskKeys } from '../desk/queries';
import { uploadIcs } from './calendar-api';
import { sourceKeys } from './queries';

/** Import an .ics file (a calendar exported from any app): its events land on the calendar page. */
export function IcsImport() {
  const client = useQueryClient();
  const upload = useMutation({
    mutationFn: uploadIcs,
    onSuccess: ({ calendar, events, imported, skipped, capped }) => {
      const parts = [`${calendar}: ${countOf(events, 'event')}`, `${imported} imported`];
      if (skipped) parts.push(`${skipped} already on your desk`);
      toastSuccess(
        `${parts.join(', ')}${capped ? '. The calendar repeats without end: only the first 5,000 are kept.' : ''}`,
        8000,
      );
      void client.invalidateQueries({ queryKey: deskKeys.all });
      void client.invalidateQueries({ queryKey: sourceKeys.all });
    },
    onError: (error) => toastError(error),
  });
  return (
    <FileButton onChange={(file) => file && upload.mutate(file)} accept=".ics,text/calendar">
      {(props) => (
        <Button {...props} size="compact-sm" variant="light" w="fit-content" loading={upload.isPending}>
          Import an .ics file
        </Button>
      )}
    </FileButton>
  );
}
