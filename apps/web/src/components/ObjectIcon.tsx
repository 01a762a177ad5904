import type { DeskObject } from '@easio/shared';
import { ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { isLink, pageFactsOf } from '../lib/object-info';
import {
  BinderIcon,
  CalendarIcon,
  DrawerIcon,
  FileIcon,
  ImageIcon,
  LinkIcon,
  MailIcon,
  NoteIcon,
  PinIcon,
  UrlNoteIcon,
} from './object-icons';

function iconFor(object: Pick<DeskObject, 'data_type' | 'mime_type'>, size: number): [ReactNode, string] {
  switch (object.data_type) {
    case 'root_object':
    case 'drawer_object':
      return [<DrawerIcon key="i" size={size} />, 'easio'];
    case 'binder_object':
      return [<BinderIcon key="i" size={size} />, 'indigo'];
    case 'note_object':
      return [<NoteIcon key="i" size={size} />, 'yellow'];
    case 'url_object':
      return [<LinkIcon key="i" size={size} />, 'cyan'];
    case 'url_note_object':
      return [<UrlNoteIcon key="i" size={size} />, 'teal'];
    case 'location_object':
      return [<PinIcon key="i" size={size} />, 'red'];
    case 'email_object':
      return [<MailIcon key="i" size={size} />, 'grape'];
    case 'event_object':
      return [<CalendarIcon key="i" size={size} />, 'orange'];
    case 'file_object':
      return (object.mime_type ?? '').startsWith('image/')
        ? [<ImageIcon key="i" size={size} />, 'pink']
        : [<FileIcon key="i" size={size} />, 'gray'];
  }
}

/** The kind of an object at a glance: a coloured icon, or for a link its site's own icon when known. */
export function ObjectIcon({
  object,
  size = 32,
}: {
  object: Pick<DeskObject, 'data_type' | 'mime_type'> & { metadata?: Record<string, unknown> };
  size?: number;
}) {
  const siteIcon = object.metadata && isLink(object) ? pageFactsOf(object.metadata).icon : null;
  const inner = Math.round(size * 0.56);
  if (siteIcon) {
    return (
      <ThemeIcon size={size} radius="md" variant="default" aria-hidden="true">
        <img src={siteIcon} alt="" width={inner} height={inner} draggable={false} />
      </ThemeIcon>
    );
  }
  const [icon, color] = iconFor(object, inner);
  return (
    <ThemeIcon size={size} radius="md" variant="light" color={color} aria-hidden="true">
      {icon}
    </ThemeIcon>
  );
}
