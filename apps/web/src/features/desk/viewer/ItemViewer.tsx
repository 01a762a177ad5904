import type { DeskObject } from '@easio/shared';
import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { errorMessage } from '../../../api/error-message';
import { DeleteDialog } from '../actions/DeleteDialog';
import { RenameForm } from '../actions/RenameDialog';
import { describeWhen } from '../calendar/calendar-format';
import { eventOf } from '../calendar/event-times';
import { DeskModal } from '../DeskModal';
import { DownloadIcon, EditIcon, OpenIcon, TrashIcon } from '../icons';
import { VIEWER_PARAM } from '../links';
import { useDeleteObjects } from '../mutations';
import { displayName, formatDate, formatSize, KIND_LABEL, SOURCE_LABEL, safeHref } from '../object-info';
import { useDeskObject } from '../queries';
import { ItemPreview } from './ItemPreview';

/** When it was made; for an event, when it happens as the calendar places it (all-day and floating times kept). */
function whenOf(object: DeskObject): string {
  const event = eventOf(object);
  if (!event) return formatDate(object.item_date, true);
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

function ViewerBody({ object, onClose }: { object: DeskObject; onClose: () => void }) {
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteObjects();
  const href = safeHref(object.url);
  return (
    <Stack>
      {renaming ? (
        <RenameForm object={object} onClose={() => setRenaming(false)} />
      ) : (
        <Group justify="space-between" align="flex-start" gap="sm">
          <Facts object={object} />
          {object.duplicate_of && (
            <Badge variant="light" color="gray" tt="none">
              Kept as a link to a file you already had
            </Badge>
          )}
        </Group>
      )}
      {object.tags.length > 0 && (
        <Group gap={6} aria-label="Tags" role="list">
          {object.tags.map((tag) => (
            <Badge key={tag} role="listitem" variant="outline" color="easio" tt="none" radius="sm">
              {tag}
            </Badge>
          ))}
        </Group>
      )}
      <ItemPreview object={object} />
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
          {!renaming && (
            <Button variant="default" leftSection={<EditIcon size={16} />} onClick={() => setRenaming(true)}>
              Rename
            </Button>
          )}
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
 * the page, notes as plain text, links to open in a new tab, places with a map link; rename and delete.
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
    <DeskModal
      opened={id !== null}
      onClose={close}
      size="xl"
      title={
        <Text fw={700} size="lg" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {object ? displayName(object) : 'Item'}
        </Text>
      }
    >
      {query.isPending && (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading the item" />
        </Group>
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
    </DeskModal>
  );
}
