import { Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { FolderIcon } from '../../components/icons';
import { EmptyPanel, PageHeader } from '../../components/Page';

export type DeskSectionId =
  | 'all'
  | 'drive'
  | 'whatsApp'
  | 'mail'
  | 'calender'
  | 'extension'
  | 'gallery'
  | 'dropBox';

interface DeskSectionInfo {
  id: DeskSectionId;
  /** The child route under /my-desk. */
  path: string;
  title: string;
  empty: string;
}

/** The desk's sections: the child routes of /my-desk (spec section 2), spelled as the spec spells them. */
export const DESK_SECTIONS: DeskSectionInfo[] = [
  {
    id: 'all',
    path: 'my-content',
    title: 'All files',
    empty: 'Items from every source will appear here once you link one.',
  },
  {
    id: 'drive',
    path: 'drive',
    title: 'Google Drive',
    empty: 'Files imported from Google Drive will appear here.',
  },
  {
    id: 'whatsApp',
    path: 'whatsApp',
    title: 'WhatsApp',
    empty: 'Files and links sent from WhatsApp will appear here.',
  },
  { id: 'mail', path: 'mail', title: 'Mail', empty: 'E-mails and their attachments will appear here.' },
  { id: 'calender', path: 'calender', title: 'Calendar', empty: 'Calendar events will appear here.' },
  {
    id: 'extension',
    path: 'extension',
    title: 'Extension',
    empty: 'Pages, notes and places saved with the browser extension will appear here.',
  },
  { id: 'gallery', path: 'gallery', title: 'Gallery', empty: 'Photos will appear here.' },
  {
    id: 'dropBox',
    path: 'dropBox',
    title: 'Dropbox',
    empty: 'Files imported from Dropbox will appear here.',
  },
];

function currentSection(pathname: string): DeskSectionId {
  const child =
    pathname
      .replace(/^\/my-desk\/?/i, '')
      .split('/')[0]
      ?.toLowerCase() ?? '';
  return DESK_SECTIONS.find((s) => s.path.toLowerCase() === child)?.id ?? 'all';
}

/** /my-desk: the heading and a tab-like navigation between the desk's sections. */
export function DeskLayout() {
  const { pathname } = useLocation();
  const current = currentSection(pathname);
  return (
    <>
      <PageHeader title="My Desk" description="Everything you keep, from every source, in one place." />
      <Group mb="lg" gap={6} component="nav" aria-label="Desk sections">
        {DESK_SECTIONS.map((section) => {
          const active = section.id === current;
          return (
            <Button
              key={section.id}
              component={Link}
              to={`/my-desk/${section.path}`}
              variant={active ? 'filled' : 'default'}
              radius="xl"
              size="compact-md"
              aria-current={active ? 'page' : undefined}
            >
              {section.title}
            </Button>
          );
        })}
      </Group>
      <Outlet />
    </>
  );
}

/** One section of the desk. Its items arrive with the desk and source issues; until then it is empty. */
export function DeskSection({ section }: { section: DeskSectionId }) {
  const info = DESK_SECTIONS.find((s) => s.id === section) ?? DESK_SECTIONS[0];
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {info?.title}
      </Title>
      <EmptyPanel description={info?.empty} />
    </Stack>
  );
}

/** /my-desk/my-content/:folderId: one drawer or binder. */
export function FolderPage() {
  const { folderId = '' } = useParams();
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Folder
      </Title>
      <Text c="dimmed" size="sm">
        Folder id <Code>{folderId}</Code>
      </Text>
      <EmptyPanel
        icon={<FolderIcon size={28} />}
        description="Items filed in this folder will appear here."
      />
    </Stack>
  );
}
