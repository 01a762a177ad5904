import type { ConnectionService } from '@easio/shared';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { EmptyPanel } from '../../components/Page';
import { ChatExportImport } from '../sources/ChatExportImport';
import { SourceSyncBanner } from '../sources/SourceSyncBanner';
import { ListingPane } from './browser/ListingPane';
import { useSelection } from './browser/use-selection';
import { DeskToolbar } from './DeskToolbar';
import { useDeskPrefs } from './desk-prefs';
import { DeskDnd } from './dnd/DeskDnd';
import { type SourceSection, sectionQuery } from './filters';
import { ImageIcon } from './icons';
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
            <Button component={Link} to="/my-desk/my-content" size="xs">
              Open your desk
            </Button>
            {section !== 'gallery' && (
              <Button component={Link} to="/my-source" size="xs" variant="default">
                See your sources
              </Button>
            )}
          </Group>
        </Stack>
      }
    />
  );
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
  const listing = useListing({ items: true }, query, base !== null);
  const selection = useSelection(listing.objects);
  const gallery = section === 'gallery';
  const noMove = useCallback(() => undefined, []);

  return (
    <DeskDnd getDragged={selection.dragged} onMove={noMove}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h3">
            {info.title}
          </Title>
          <Text size="sm" c="dimmed">
            {info.description}
          </Text>
        </Stack>
        {SECTION_SERVICES[section] && <SourceSyncBanner services={SECTION_SERVICES[section]} />}
        {section === 'whatsApp' && <ChatExportImport />}
        <DeskToolbar kindFilter={false} panel={false} view={!gallery} />
        <ListingPane
          label={info.title}
          objects={listing.objects}
          listing={listing}
          selection={selection}
          view={gallery ? 'photos' : prefs.view}
          draggable={false}
          droppable={false}
          empty={<SourceEmpty section={section} />}
        />
      </Stack>
    </DeskDnd>
  );
}
