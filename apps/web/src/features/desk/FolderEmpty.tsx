import type { DataType } from '@easio/shared';
import { Button } from '@mantine/core';
import { EmptyPanel } from '../../components/Page';
import { setDeskPrefs, useDeskPrefs } from './desk-prefs';
import { DRAWER_OPTION_LABEL, NAV_FILTER_LABEL } from './filters';

const TEXT: Partial<Record<DataType, { title: string; description: string }>> = {
  root_object: {
    title: 'Your desk is empty',
    description:
      'Make a drawer to start filing, add a note, a link or a place, or upload files: use the buttons above or drop files anywhere on this page.',
  },
  drawer_object: {
    title: 'This drawer is empty',
    description: 'Make a binder to group what belongs together, or upload files and drag items here.',
  },
  binder_object: {
    title: 'This binder is empty',
    description: 'Upload files here, add notes and links, or drag items onto this binder from elsewhere.',
  },
};

/** An empty folder says what to do next; an empty filter says how to see everything again. */
export function FolderEmpty({ folderType }: { folderType: DataType }) {
  const prefs = useDeskPrefs();
  const filtered =
    prefs.filter !== 'clear' || (folderType === 'drawer_object' && prefs.drawerOption !== 'ALLBINDERS');
  if (filtered) {
    const what = [
      prefs.filter !== 'clear' ? NAV_FILTER_LABEL[prefs.filter].toLowerCase() : null,
      folderType === 'drawer_object' && prefs.drawerOption !== 'ALLBINDERS'
        ? `binders in “${DRAWER_OPTION_LABEL[prefs.drawerOption]}”`
        : null,
    ]
      .filter(Boolean)
      .join(' or ');
    return (
      <EmptyPanel
        title="Nothing matches"
        description={
          <>
            No {what} here.{' '}
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setDeskPrefs({ filter: 'clear', drawerOption: 'ALLBINDERS' })}
            >
              Show everything
            </Button>
          </>
        }
      />
    );
  }
  const text = TEXT[folderType] ?? TEXT.root_object;
  return <EmptyPanel title={text?.title} description={text?.description} />;
}
