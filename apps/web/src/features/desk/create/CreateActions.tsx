import type { DataType } from '@easio/shared';
import { Button, FileButton, Group, Menu } from '@mantine/core';
import { useRef, useState } from 'react';
import {
  LinkIcon,
  NoteIcon,
  PinIcon,
  PlusIcon,
  UploadIcon,
  UrlNoteIcon,
} from '../../../components/object-icons';
import { useIsPhone } from '../../../lib/use-is-phone';
import classes from '../desk.module.css';
import { useUploads } from '../uploads/UploadsProvider';
import { NewFolderDialog } from './NewFolderDialog';
import { NewLocationDialog } from './NewLocationDialog';
import { NewTextItemDialog, type TextItemKind } from './NewTextItemDialog';

type Dialog = 'drawer_object' | 'binder_object' | TextItemKind | 'location_object' | null;

/**
 * What can be made in a folder: a drawer in My Desk, a binder in a drawer, and everywhere notes, links,
 * url notes, locations and uploads.
 */
export function CreateActions({ folderId, folderType }: { folderId: string; folderType: DataType }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  // The last text kind asked for, so the dialog keeps its title while it closes.
  const [lastText, setLastText] = useState<TextItemKind>('note_object');
  const resetFiles = useRef<() => void>(null);
  const uploads = useUploads();
  // On a phone the actions sit in a bar at the bottom of the screen, within the thumb's reach.
  const isPhone = useIsPhone();
  const close = () => setDialog(null);
  const openText = (kind: TextItemKind) => {
    setLastText(kind);
    setDialog(kind);
  };
  const subFolder =
    folderType === 'root_object' ? 'drawer_object' : folderType === 'drawer_object' ? 'binder_object' : null;
  const textOpen = dialog === 'note_object' || dialog === 'url_object' || dialog === 'url_note_object';

  return (
    <Group gap="xs" wrap="nowrap" className={isPhone ? classes.bottomBar : undefined}>
      <FileButton
        multiple
        resetRef={resetFiles}
        onChange={(files) => {
          uploads.add(files, folderId);
          resetFiles.current?.();
        }}
      >
        {(props) => (
          <Button
            {...props}
            leftSection={<UploadIcon size={16} />}
            aria-label={isPhone ? 'Upload files' : undefined}
            className={classes.barButton}
          >
            {isPhone ? 'Upload' : 'Upload files'}
          </Button>
        )}
      </FileButton>
      {subFolder && (
        <Button
          variant="default"
          leftSection={<PlusIcon size={16} />}
          onClick={() => setDialog(subFolder)}
          aria-label={isPhone ? (subFolder === 'drawer_object' ? 'New drawer' : 'New binder') : undefined}
          className={classes.barButton}
        >
          {isPhone
            ? subFolder === 'drawer_object'
              ? 'Drawer'
              : 'Binder'
            : subFolder === 'drawer_object'
              ? 'New drawer'
              : 'New binder'}
        </Button>
      )}
      <Menu position="bottom-end" shadow="md" width={200}>
        <Menu.Target>
          <Button variant="default" leftSection={<PlusIcon size={16} />} className={classes.barButton}>
            Add
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<NoteIcon size={16} />} onClick={() => openText('note_object')}>
            New note
          </Menu.Item>
          <Menu.Item leftSection={<LinkIcon size={16} />} onClick={() => openText('url_object')}>
            New link
          </Menu.Item>
          <Menu.Item leftSection={<UrlNoteIcon size={16} />} onClick={() => openText('url_note_object')}>
            New url note
          </Menu.Item>
          <Menu.Item leftSection={<PinIcon size={16} />} onClick={() => setDialog('location_object')}>
            New location
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>

      {subFolder && (
        <NewFolderDialog kind={subFolder} parentId={folderId} opened={dialog === subFolder} onClose={close} />
      )}
      <NewTextItemDialog kind={lastText} parentId={folderId} opened={textOpen} onClose={close} />
      <NewLocationDialog parentId={folderId} opened={dialog === 'location_object'} onClose={close} />
    </Group>
  );
}
