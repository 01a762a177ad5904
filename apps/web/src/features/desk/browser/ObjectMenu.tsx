import type { DeskObject } from '@easio/shared';
import { ActionIcon, Menu } from '@mantine/core';
import { useState } from 'react';
import {
  DotsIcon,
  DownloadIcon,
  EditIcon,
  MoveIcon,
  OpenIcon,
  TrashIcon,
} from '../../../components/object-icons';
import { displayName } from '../../../lib/object-info';
import type { ObjectAction } from '../actions/use-object-actions';

/** Can this object be downloaded: a file by itself, a folder as a ZIP. */
export function isDownloadable(object: Pick<DeskObject, 'data_type'>) {
  return object.data_type !== 'url_object' && object.data_type !== 'root_object';
}

/**
 * One object's actions: open, rename, move, download, delete. The menu itself mounts on first use, so
 * the rows scrolling past cost only a button.
 */
export function ObjectMenu({
  object,
  onAction,
}: {
  object: DeskObject;
  onAction: (action: ObjectAction, object: DeskObject) => void;
}) {
  const [opened, setOpened] = useState(false);
  const [mounted, setMounted] = useState(false);
  const name = displayName(object);
  const stop = (event: React.SyntheticEvent) => event.stopPropagation();
  const target = (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={`Actions for ${name}`}
      aria-haspopup="menu"
      // Out of the Tab order: the row opens it with the context-menu key or Shift+F10.
      tabIndex={-1}
      onClick={(event) => {
        event.stopPropagation();
        if (!mounted) {
          setMounted(true);
          setOpened(true);
        }
      }}
      onDoubleClick={stop}
      onPointerDown={stop}
    >
      <DotsIcon />
    </ActionIcon>
  );
  if (!mounted) return target;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={190} opened={opened} onChange={setOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown onClick={stop} onDoubleClick={stop} onPointerDown={stop}>
        <Menu.Item leftSection={<OpenIcon size={16} />} onClick={() => onAction('open', object)}>
          Open
        </Menu.Item>
        <Menu.Item leftSection={<EditIcon size={16} />} onClick={() => onAction('rename', object)}>
          Rename
        </Menu.Item>
        <Menu.Item leftSection={<MoveIcon size={16} />} onClick={() => onAction('move', object)}>
          Move to…
        </Menu.Item>
        {isDownloadable(object) && (
          <Menu.Item leftSection={<DownloadIcon size={16} />} onClick={() => onAction('download', object)}>
            Download
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<TrashIcon size={16} />}
          onClick={() => onAction('delete', object)}
        >
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
