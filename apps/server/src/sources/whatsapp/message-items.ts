import { type DataType, nameFromText } from '@easio/shared';

/** What a message (delivered or exported) becomes on the desk, before any media is fetched. */
export interface MessageItem {
  dataType: DataType;
  name: string;
  url: string | null;
  content: string | null;
  metadata: Record<string, unknown>;
  /** A link someone sent: its page is read for a preview. */
  previewLink?: boolean;
}

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+/i;
const ONLY_URL = /^\s*https?:\/\/[^\s<>"]+\s*$/i;

/** A text: a link when it is only an address, a url note when it has words too, else a note. */
export function textItem(text: string): MessageItem {
  const url = URL_PATTERN.exec(text)?.[0]?.replace(/[).,;]+$/, '') ?? null;
  if (url && ONLY_URL.test(text)) {
    return { dataType: 'url_object', name: url, url, content: null, metadata: {}, previewLink: true };
  }
  if (url) {
    const name = nameFromText(text, url);
    return { dataType: 'url_note_object', name, url, content: text, metadata: {}, previewLink: true };
  }
  return {
    dataType: 'note_object',
    name: nameFromText(text, 'WhatsApp note'),
    url: null,
    content: text,
    metadata: {},
  };
}

/** A shared location, with the place's name and address when given. */
export function locationItem(place: {
  latitude: number;
  longitude: number;
  name?: string | null;
  address?: string | null;
}): MessageItem {
  const name = place.name || place.address || `${place.latitude.toFixed(5)}, ${place.longitude.toFixed(5)}`;
  return {
    dataType: 'location_object',
    name,
    url: null,
    content: place.address ?? null,
    metadata: {
      latitude: place.latitude,
      longitude: place.longitude,
      place_name: place.name ?? null,
      address: place.address ?? null,
    },
  };
}
