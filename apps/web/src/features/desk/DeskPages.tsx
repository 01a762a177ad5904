import { Group } from '@mantine/core';
import { Outlet, useLocation, useParams } from 'react-router';
import { PageHeader } from '../../components/Page';
import { PillNav } from '../../components/PillNav';
import { useSession } from '../../state/session';
import { RecommendationsPanel } from '../recommendations/RecommendationsPanel';
import { ReviewToggle } from '../recommendations/ReviewToggle';
import { useDeskPrefs } from './desk-prefs';
import { FolderScreen } from './FolderScreen';
import { SourceScreen } from './SourceScreen';
import { DESK_SECTIONS, type DeskSectionId, sectionOf } from './sections';
import { UploadPanel } from './uploads/UploadPanel';
import { UploadsProvider } from './uploads/UploadsProvider';
import { ItemViewer } from './viewer/ItemViewer';

export type { DeskSectionId } from './sections';

/** /my-desk: the heading, the sections, and what every desk page shares: filing suggestions, uploads and the item viewer. */
export function DeskLayout() {
  const { pathname } = useLocation();
  const current = sectionOf(pathname);
  const { reviewOpen } = useDeskPrefs();
  return (
    <UploadsProvider>
      <PageHeader title="My Desk" description="Everything you keep, from every source, in one place." />
      <Group justify="space-between" align="flex-start" gap="sm">
        <PillNav
          label="Desk sections"
          links={DESK_SECTIONS.map((section) => ({
            to: `/my-desk/${section.path}`,
            label: section.title,
            active: section.id === current,
          }))}
        />
        <ReviewToggle />
      </Group>
      {reviewOpen && <RecommendationsPanel />}
      <Outlet />
      <UploadPanel />
      <ItemViewer />
    </UploadsProvider>
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
