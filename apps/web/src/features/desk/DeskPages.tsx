import { Drawer, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { Outlet, useLocation, useParams } from 'react-router';
import { PillNav } from '../../components/PillNav';
import { usePageTitle } from '../../components/usePageTitle';
import { useIsPhone } from '../../lib/use-is-phone';
import { useSession } from '../../state/session';
import { RecommendationsPanel } from '../recommendations/RecommendationsPanel';
import { ReviewToggle } from '../recommendations/ReviewToggle';
import { useFillHeight } from './browser/use-fill-height';
import classes from './desk.module.css';
import { setDeskPrefs, useDeskPrefs } from './desk-prefs';
import { FolderScreen } from './FolderScreen';
import { SourceScreen } from './SourceScreen';
import { DESK_SECTIONS, type DeskSectionId, sectionOf } from './sections';
import { UploadPanel } from './uploads/UploadPanel';
import { UploadsProvider } from './uploads/UploadsProvider';
import { ItemViewer } from './viewer/ItemViewer';

export type { DeskSectionId } from './sections';

/**
 * /my-desk: the heading, the sections, and what every desk page shares: filing suggestions, uploads and
 * the item viewer. The listing comes first: suggestions open beside it (on a phone, over it as their
 * own view), never above it.
 */
export function DeskLayout() {
  const { pathname } = useLocation();
  const current = sectionOf(pathname);
  const isPhone = useIsPhone();
  const { reviewOpen } = useDeskPrefs();
  // On a phone the review covers the desk, so it opens only when asked, never by itself on a visit.
  const [sheetOpen, setSheetOpen] = useState(false);
  const open = isPhone ? sheetOpen : reviewOpen;
  const toggle = () => (isPhone ? setSheetOpen(!sheetOpen) : setDeskPrefs({ reviewOpen: !reviewOpen }));
  usePageTitle('My Desk');
  return (
    <UploadsProvider>
      <div className={classes.deskHead}>
        <Title order={1} size="h3" className={classes.deskTitle}>
          My Desk
        </Title>
        <PillNav
          label="Desk sections"
          className={classes.deskSections}
          links={DESK_SECTIONS.map((section) => ({
            to: `/my-desk/${section.path}`,
            label: section.title,
            active: section.id === current,
          }))}
        />
        <ReviewToggle open={open} onToggle={toggle} />
      </div>
      <div className={classes.deskBody}>
        <div className={classes.deskMain}>
          <Outlet />
        </div>
        {open && !isPhone && <ReviewColumn />}
      </div>
      {isPhone && (
        <Drawer
          opened={sheetOpen}
          onClose={() => setSheetOpen(false)}
          position="right"
          size="100%"
          title="Filing suggestions"
          closeButtonProps={{ 'aria-label': 'Close suggestions' }}
        >
          <RecommendationsPanel embedded />
        </Drawer>
      )}
      <UploadPanel />
      <ItemViewer />
    </UploadsProvider>
  );
}

/** The review beside the listing, as tall as the window allows, scrolling by itself. */
function ReviewColumn() {
  const ref = useRef<HTMLDivElement>(null);
  const height = useFillHeight(ref, { min: 240 });
  return (
    <div ref={ref} className={classes.reviewColumn} style={{ height }}>
      <RecommendationsPanel />
    </div>
  );
}

/** One section of the desk: My content (the root folder), or a source's items. */
export function DeskSection({ section }: { section: DeskSectionId }) {
  const rootId = useSession()?.root_folder ?? '';
  if (section === 'all') return <FolderScreen key={rootId} folderId={rootId} />;
  return <SourceScreen key={section} section={section} />;
}

/** /my-desk/my-content/:folderId: one drawer or binder (or the root, by its id). */
export function FolderPage() {
  const { folderId = '' } = useParams();
  return <FolderScreen key={folderId} folderId={folderId} />;
}
