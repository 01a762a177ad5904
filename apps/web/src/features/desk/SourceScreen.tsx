import type { ConnectionService } from '@easio/shared';
import { Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ImageIcon } from '../../components/object-icons';
import { EmptyPanel } from '../../components/Page';
import { useIsPhone } from '../../lib/use-is-phone';
import { ChatExportImport } from '../sources/ChatExportImport';
import { SourceSyncBanner } from '../sources/SourceSyncBanner';
import { ListingPane } from './browser/ListingPane';
import { useSelection } from './browser/use-selection';
import { CalendarBoard } from './calendar/CalendarBoard';
import { useCalendarState } from './calendar/use-calendar-state';
import { DeskToolbar } from './DeskToolbar';
import { useDeskPrefs } from './desk-prefs';
import { DeskDnd } from './dnd/DeskDnd';
import { type SourceSection, sectionQuery } from './filters';
import { GalleryMap } from './gallery/GalleryMap';
import { photoMonth } from './gallery/photo-month';
import { UploadPhotos } from './gallery/UploadPhotos';
import { useListing } from './queries';
import { sectionInfo } from './sections';

/** The connections whose imports land on each source page. */
const SECTION_SERVICES: Partial<Record<SourceSection, ConnectionService[]>> = {
  drive: ['gdrive'],
  mail: ['gmail', 'imap'],
  calender: ['gcalendar', 'webcal'],
  dropBox: ['dropbox'],
};

function SourceEmpty({ section }: { section: SourceSection }) {
  const info = sectionInfo(section);
  return (
    <EmptyPanel
      title={section === 'gallery' ? 'No photos yet' : `Nothing from ${info.title} yet`}
      icon={section === 'gallery' ? <ImageIcon size={28} /> : undefined}
      description={
        <Stack gap="sm" align="center" component="span">
          <span>{info.empty}</span>
          <Group gap="xs" justify="center" component="span">
            {section === 'gallery' ? (
              <UploadPhotos />
            ) : (
              <Button component={Link} to="/my-desk/my-content" size="xs">
                Open your desk
              </Button>
            )}
            <Button component={Link} to="/my-source" size="xs" variant="default">
              See your sources
            </Button>
          </Group>
        </Stack>
      }
    />
  );
}

const CALENDAR_VIEW_OPTIONS = [
  { value: 'list', label: 'List' },
  { value: 'month', label: 'Month' },
  { value: 'week', label: 'Week' },
];
const GALLERY_VIEW_OPTIONS = [
  { value: 'photos', label: 'Photos' },
  { value: 'map', label: 'Map' },
];

/** The gallery's photos or map, kept in the address like the calendar's view. */
function useGalleryView() {
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'map' ? 'map' : 'photos';
  const setView = useCallback(
    (next: string) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next === 'map') updated.set('view', 'map');
        else updated.delete('view');
        return updated;
      }),
    [setParams],
  );
  return [view, setView] as const;
}

/** A source's page (drive, WhatsApp, mail, calendar, extension, Dropbox) or the gallery: its items across the desk. */
export function SourceScreen({ section }: { section: SourceSection }) {
  const info = sectionInfo(section);
  const prefs = useDeskPrefs();
  const base = useMemo(() => sectionQuery(section), [section]);
  const query = useMemo(
    () => ({ ...base, sort: prefs.sort, order: prefs.order }),
    [base, prefs.sort, prefs.order],
  );
  const gallery = section === 'gallery';
  const calendar = useCalendarState();
  const [galleryView, setGalleryView] = useGalleryView();
  const board = section === 'calender' && calendar.view !== 'list' ? calendar.view : null;
  const map = gallery && galleryView === 'map';
  const listing = useListing({ items: true }, query, base !== null && board === null && !map);
  const selection = useSelection(listing.objects);
  const isPhone = useIsPhone();
  const noMove = useCallback(() => undefined, []);

  let body: React.ReactNode;
  if (board && base) {
    body = <CalendarBoard base={base} view={board} anchor={calendar.anchor} onShow={calendar.show} />;
  } else if (map) {
    body = <GalleryMap />;
  } else {
    body = (
      <ListingPane
        label={info.title}
        objects={listing.objects}
        listing={listing}
        selection={selection}
        view={gallery ? 'photos' : isPhone ? 'list' : prefs.view}
        draggable={false}
        droppable={false}
        empty={<SourceEmpty section={section} />}
        groupOf={gallery && prefs.sort === 'date' ? photoMonth : undefined}
        tools={<DeskToolbar kindFilter={false} panel={false} view={!gallery} />}
      />
    );
  }

  return (
    <DeskDnd getDragged={selection.dragged} onMove={noMove}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Title order={2} size="h4">
              {info.title}
            </Title>
            <Text size="sm" c="dimmed">
              {info.description}
            </Text>
          </Stack>
          {section === 'calender' && (
            <SegmentedControl
              size="xs"
              aria-label="Calendar view"
              data={CALENDAR_VIEW_OPTIONS}
              value={calendar.view}
              onChange={(value) => calendar.show({ view: value as 'list' | 'month' | 'week' })}
            />
          )}
          {gallery && (
            <Group gap="xs">
              <UploadPhotos />
              <SegmentedControl
                size="xs"
                aria-label="Gallery view"
                data={GALLERY_VIEW_OPTIONS}
                value={galleryView}
                onChange={setGalleryView}
              />
            </Group>
          )}
        </Group>
        {SECTION_SERVICES[section] && <SourceSyncBanner services={SECTION_SERVICES[section]} />}
        {section === 'whatsApp' && <ChatExportImport />}
        {body}
      </Stack>
    </DeskDnd>
  );
}
