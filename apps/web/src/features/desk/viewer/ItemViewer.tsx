import type { DateSource, DeskObject } from '@easio/shared';
import { Alert, Badge, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { errorMessage } from '../../../api/error-message';
import { DownloadIcon, OpenIcon, TrashIcon } from '../../../components/object-icons';
import { formatDate, formatSize, KIND_LABEL, SOURCE_LABEL, safeHref } from '../../../lib/object-info';
import { DeleteDialog } from '../actions/DeleteDialog';
import { describeWhen } from '../calendar/calendar-format';
import { eventOf } from '../calendar/event-times';
import { VIEWER_PARAM } from '../links';
import { useDeleteObjects } from '../mutations';
import { useDeskObject } from '../queries';
import { AddressEditor } from './AddressEditor';
import { ItemPreview, LinkCard } from './ItemPreview';
import { NameEditor } from './NameEditor';
import { NoteEditor } from './NoteEditor';
import { PlaceEditor } from './PlaceEditor';
import { TagsEditor } from './TagsEditor';

/** Where its date came from, when that is not simply its source's own date. */
const DATE_FROM: Record<DateSource, (date: string) => string> = {
  source: (date) => date,
  photo: (date) => `Taken ${date}`,
  document: (date) => `Dated ${date} (written in it)`,
  arrived: (date) => `Added ${date}`,
};

/**
 * When it was made, and how Easio knows; for an event, when it happens as the calendar places it (all-day
 * and floating times kept). A date read from a document's text is a day, shown without a time.
 */
function whenOf(object: DeskObject): string {
  const event = eventOf(object);
  if (!event) {
    const date = formatDate(object.item_date, object.date_source !== 'document');
    return DATE_FROM[object.date_source](date);
  }
  const when = describeWhen(event);
  return when.charAt(0).toUpperCase() + when.slice(1);
}

function Facts({ object }: { object: DeskObject }) {
  const facts = [
    KIND_LABEL[object.data_type],
    SOURCE_LABEL[object.source],
    whenOf(object),
    formatSize(object.size),
  ].filter(Boolean);
  return (
    <Text size="sm" c="dimmed">
      {facts.join(' · ')}
    </Text>
  );
}

/** What the viewer shows of an item, edited in place where it is the user's own words or place. */
function ItemBody({ object }: { object: DeskObject }) {
  switch (object.data_type) {
    case 'note_object':
      return <NoteEditor object={object} />;
    case 'url_note_object':
      return (
        <Stack>
          <LinkCard object={object} />
          <AddressEditor object={object} />
          <NoteEditor object={object} />
        </Stack>
      );
    case 'url_object':
      return (
        <Stack>
          <ItemPreview object={object} />
          <AddressEditor object={object} />
        </Stack>
      );
    case 'location_object':
      return <PlaceEditor object={object} />;
    default:
      return <ItemPreview object={object} />;
  }
}

function ViewerBody({ object, onClose }: { object: DeskObject; onClose: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteObjects();
  const href = safeHref(object.url);
  return (
    <Stack>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Facts object={object} />
        {object.duplicate_of && (
          <Badge variant="light" color="gray" tt="none">
            Kept as a link to a file you already had
          </Badge>
        )}
      </Group>
      <TagsEditor object={object} />
      <ItemBody object={object} />
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          {object.download_url && (
            <Button
              component="a"
              href={object.download_url}
              download
              leftSection={<DownloadIcon size={16} />}
            >
              Download
            </Button>
          )}
          {href && (
            <Button
              component="a"
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              leftSection={<OpenIcon size={16} />}
            >
              Open link
            </Button>
          )}
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            color="red"
            leftSection={<TrashIcon size={16} />}
            onClick={() => setConfirming(true)}
          >
            Delete
          </Button>
        </Group>
      </Group>
      <DeleteDialog
        objects={[object]}
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          remove.mutate([object]);
          onClose();
        }}
      />
    </Stack>
  );
}

/**
 * The item viewer, opened by `?item=<id>` (double-click, Enter, or Open): pictures and PDFs shown in
 * the page, links to open in a new tab; its name, tags, a note's text (Markdown, saved as typed), a
 * link's address and a place edited in place; delete.
 */
export function ItemViewer() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const id = params.get(VIEWER_PARAM);
  const query = useDeskObject(id);

  const close = () => {
    const state: unknown = location.state;
    if (typeof state === 'object' && state !== null && 'viewer' in state) {
      navigate(-1);
      return;
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(VIEWER_PARAM);
        return next;
      },
      { replace: true },
    );
  };

  const object = query.data;
  return (
    <Modal.Root opened={id !== null} onClose={close} size="xl">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header>
          {object ? (
            <NameEditor key={object.id} object={object} />
          ) : (
            <Modal.Title mr="auto">
              <Text component="span" fw={700} size="lg">
                Item
              </Text>
            </Modal.Title>
          )}
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          {query.isPending && (
            <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading the item">
              <Skeleton height={16} width="40%" />
              <Skeleton height={220} radius="md" />
              <Skeleton height={12} width="70%" />
            </Stack>
          )}
          {query.isError && (
            <Alert
              color="red"
              title={isApiError(query.error, 404) ? 'This item no longer exists' : 'Could not open this item'}
            >
              {errorMessage(query.error)}
            </Alert>
          )}
          {object && <ViewerBody key={object.id} object={object} onClose={close} />}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
