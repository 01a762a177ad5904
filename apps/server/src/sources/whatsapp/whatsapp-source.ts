import { ItemError } from '../provider-errors.js';
import type { ImportedItem, Source } from '../source.js';
import type { GraphApi } from './graph-api.js';
import { locationItem, type MessageItem, textItem } from './message-items.js';
import type { WebhookMessage } from './webhook-payload.js';

const MEDIA_KINDS = ['image', 'document', 'audio', 'video'] as const;
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'video/mp4': 'mp4',
  'application/pdf': 'pdf',
};

/** WhatsApp items are keyed by the message id: the provider delivers a message again until answered. */
export const whatsappId = (messageId: string) => `wa:${messageId}`;

const stamp = (date: Date) => date.toISOString().slice(0, 16).replace('T', ' ').replace(':', '.');

/**
 * A delivered message as an item: text → note, link or url note; location → place; image, document,
 * audio, video → the file (downloaded through the media endpoint), its caption as the item's text.
 * Null for kinds Easio does not keep (reactions, stickers, contacts…).
 */
export function itemOfMessage(message: WebhookMessage, graph: GraphApi): ImportedItem | null {
  const sent = new Date(Number(message.timestamp) * 1000);
  const base = { externalId: whatsappId(message.id), version: message.id, sourceCreatedAt: sent };
  const from = { whatsapp: { from: message.from, message_id: message.id } };
  const asItem = (m: MessageItem): ImportedItem => ({ ...base, ...m, metadata: { ...m.metadata, ...from } });
  if (message.type === 'text' && message.text) return asItem(textItem(message.text.body));
  if (message.type === 'location' && message.location) return asItem(locationItem(message.location));
  const kind = MEDIA_KINDS.find((k) => k === message.type);
  const media = kind ? message[kind] : undefined;
  if (!kind || !media) return null;
  const extension = media.mime_type ? EXTENSIONS[media.mime_type.split(';')[0] ?? ''] : undefined;
  const name = media.filename || `WhatsApp ${kind} ${stamp(sent)}${extension ? `.${extension}` : ''}`;
  return {
    ...base,
    dataType: 'file_object',
    name,
    content: media.caption ?? null,
    mimeType: media.mime_type ?? null,
    metadata: from,
    body: async () => (await graph.media(media.id)).body,
  };
}

/**
 * WhatsApp as a source: nothing to poll (messages arrive by webhook and chat exports by upload), so a
 * sync finds nothing new, and a failed media download comes again with the provider's next delivery.
 */
export function whatsappSource(): Source {
  return {
    service: 'whatsapp',
    provider: 'whatsapp',
    pulls: false,
    deskSource: 'whatsapp',
    connect: () => ({
      // WhatsApp pushes: there is never a page to pull.
      async *pages() {},
      async fetchItem() {
        throw new ItemError('WhatsApp delivers this message again by itself; it cannot be fetched on demand');
      },
    }),
  };
}
