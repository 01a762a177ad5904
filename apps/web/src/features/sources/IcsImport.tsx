import type { CalendarImportResult } from '@easio/shared';
import { Button, FileButton, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deskKeys } from '../../api/desk-keys';
import { countOf } from '../../lib/plural';
import { toastError, toastSuccess } from '../../lib/toast';
import { uploadIcs } from './calendar-api';
import { FailureList } from './FailureList';
import { sourceKeys, useSources } from './queries';

/** What an import did, in a sentence or two. */
function summary({ calendar, events, imported, skipped, failed, removed, capped }: CalendarImportResult) {
  const parts = [`${calendar}: ${countOf(events, 'event')}`, `${imported} imported`];
  if (skipped) parts.push(`${skipped} already on your desk`);
  if (removed) parts.push(`${removed} removed`);
  if (failed) parts.push(`${failed} could not be read (listed below)`);
  const more = capped
    ? '. More than one calendar can hold: one-off events are all kept, repeating ones up to 5,000 events in all.'
    : '';
  return `${parts.join(', ')}${more}`;
}

/**
 * Import an .ics file (a calendar exported from any app): its events land on the calendar page, and
 * importing the same calendar again updates them and removes those it no longer holds.
 */
export function IcsImport() {
  const client = useQueryClient();
  const [showFailures, toggle] = useDisclosure(false);
  const upload = useMutation({
    mutationFn: uploadIcs,
    onSuccess: (result) => {
      toastSuccess(summary(result), 8000);
      void client.invalidateQueries({ queryKey: deskKeys.all });
      void client.invalidateQueries({ queryKey: sourceKeys.all });
    },
    onError: (error) => toastError(error),
  });
  const failures = useSources().data?.connections.find((c) => c.service === 'ical')?.failures ?? 0;
  return (
    <Stack gap={4}>
      <FileButton onChange={(file) => file && upload.mutate(file)} accept=".ics,text/calendar">
        {(props) => (
          <Button {...props} size="compact-sm" variant="light" w="fit-content" loading={upload.isPending}>
            Import an .ics file
          </Button>
        )}
      </FileButton>
      {failures > 0 && (
        <>
          <Button size="compact-xs" variant="subtle" color="red" w="fit-content" onClick={toggle.toggle}>
            {countOf(failures, 'event')} from .ics files could not be read
            {showFailures ? ' (hide)' : ' (show)'}
          </Button>
          {showFailures && <FailureList service="ical" retryable={false} />}
        </>
      )}
    </Stack>
  );
}
