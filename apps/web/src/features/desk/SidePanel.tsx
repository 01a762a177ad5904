import type { DeskObject } from '@easio/shared';
import {
  Button,
  CloseButton,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useRef } from 'react';
import { ObjectIcon } from '../../components/ObjectIcon';
import { displayName, formatCoordinates, formatDate, placeOf } from '../../lib/object-info';
import { useFillHeight } from './browser/use-fill-height';
import classes from './desk.module.css';
import { setDeskPrefs } from './desk-prefs';
import { PANEL_LABEL, type PanelValue, panelKinds } from './filters';
import { useOpenObject } from './links';
import { useListing } from './queries';

const EMPTY: Record<Exclude<PanelValue, 'HIDE'>, string> = {
  NOTES: 'No notes in this folder.',
  ATTACHMENTS: 'No files in this folder.',
  LOCATION: 'No locations in this folder.',
  URLS: 'No links in this folder.',
};

function detail(object: DeskObject): string {
  if (object.data_type === 'location_object') {
    const place = placeOf(object.metadata);
    return place ? formatCoordinates(place) : formatDate(object.item_date);
  }
  if (object.data_type === 'note_object') return object.content ?? '';
  if (object.url) return object.url;
  return formatDate(object.item_date);
}

/** The note/attachment panel (spec section 4): the folder's notes, files, locations or links beside the list. */
export function SidePanel({ folderId, panel }: { folderId: string; panel: Exclude<PanelValue, 'HIDE'> }) {
  const ref = useRef<HTMLElement>(null);
  const height = useFillHeight(ref);
  const kinds = panelKinds(panel) ?? [];
  const listing = useListing({ folderId }, { kind: kinds });
  const open = useOpenObject();
  return (
    <Paper
      ref={ref}
      component="aside"
      aria-label={`${PANEL_LABEL[panel]} in this folder`}
      withBorder
      radius="lg"
      w={300}
      h={height}
      style={{ flexShrink: 0, display: 'flex', flexDirection: 'column' }}
    >
      <Group
        justify="space-between"
        px="sm"
        py={8}
        style={{ borderBottom: '1px solid var(--easio-border-subtle)' }}
      >
        <Text fw={600} size="sm">
          {PANEL_LABEL[panel]}
        </Text>
        <CloseButton
          size="sm"
          aria-label="Hide the side panel"
          onClick={() => setDeskPrefs({ panel: 'HIDE' })}
        />
      </Group>
      <ScrollArea style={{ flex: 1 }} type="auto">
        <Stack gap={2} p={6}>
          {listing.isPending && <Loader size="sm" m="sm" aria-label="Loading" />}
          {!listing.isPending && listing.objects.length === 0 && (
            <Text size="sm" c="dimmed" p="sm">
              {EMPTY[panel]}
            </Text>
          )}
          {listing.objects.map((object) => (
            <UnstyledButton key={object.id} onClick={() => open(object)} p={6} className={classes.sideEntry}>
              <Group gap="sm" wrap="nowrap">
                <ObjectIcon object={object} size={28} />
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate>
                    {displayName(object)}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {detail(object)}
                  </Text>
                </div>
              </Group>
            </UnstyledButton>
          ))}
          {listing.hasNextPage && (
            <Button
              variant="subtle"
              size="xs"
              onClick={listing.fetchNextPage}
              loading={listing.isFetchingNextPage}
            >
              Show more
            </Button>
          )}
        </Stack>
      </ScrollArea>
    </Paper>
  );
}
