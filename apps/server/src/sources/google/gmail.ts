import { Readable } from 'node:stream';
import { DEFAULT_GMAIL_EXCLUDED_LABELS, gmailSettingsSchema } from '@easio/shared';
import { z } from 'zod';
import { mapLimit } from '../map-limit.js';
import { ItemError } from '../provider-errors.js';
import type { Connector, ImportedItem, SyncPage } from '../source.js';
import { type GmailMessage, gmailMessageSchema, parseGmailMessage } from './gmail-message.js';
import type { GoogleApi } from './google-api.js';

const BASE = 'gmail/v1/users/me';
const PAGE_SIZE = 100;
/** Messages fetched at once while reading a page. */
const FETCHES = 8;

const profileSchema = z.object({ historyId: z.string().min(1), emailAddress: z.string().optional() });
const listSchema = z.object({
  messages: z.array(z.object({ id: z.string() })).default([]),
  nextPageToken: z.string().optional(),
});
const touched = z.array(z.object({ message: z.object({ id: z.string() }) })).optional();
const historySchema = z.object({
  history: z
    .array(
      z.object({
        messagesAdded: touched,
        messagesDeleted: touched,
        labelsAdded: touched,
        labelsRemoved: touched,
      }),
    )
    .default([]),
  historyId: z.string().optional(),
  nextPageToken: z.string().optional(),
});
const attachmentSchema = z.object({ data: z.string(), size: z.number().optional() });

const cursorSchema = z.discriminatedUnion('phase', [
  z.object({ phase: z.literal('list'), historyId: z.string(), pageToken: z.string().optional() }),
  z.object({ phase: z.literal('history'), historyId: z.string() }),
]);

export const gmailId = (messageId: string) => `gmail:${messageId}`;
const attachmentExternalId = (messageId: string, partId: string) => `gmail:${messageId}:${partId}`;

/**
 * Gmail: messages become `email_object` items (from, to, cc, subject, date, labels, text) and their
 * attachments `file_object` items linked to them. The first sync notes the mailbox's history id, then
 * lists every message page by page; later syncs read the history since the saved id (a history too
 * old to read starts a full listing again, which stores nothing twice). Spam and trash are left out
 * unless the user's label choice says otherwise; a message moved there leaves the desk.
 */
export function createGmailConnector(api: GoogleApi, rawSettings: Record<string, unknown>): Connector {
  const settings = gmailSettingsSchema.safeParse(rawSettings);
  const chosen = settings.success ? settings.data.labels : null;
  const wanted = (labels: string[]) =>
    chosen
      ? labels.some((l) => chosen.includes(l))
      : !labels.some((l) => (DEFAULT_GMAIL_EXCLUDED_LABELS as readonly string[]).includes(l));

  async function fetchMessage(id: string): Promise<GmailMessage | null> {
    try {
      return await api.json(
        `${BASE}/messages/${encodeURIComponent(id)}`,
        { format: 'full' },
        gmailMessageSchema,
      );
    } catch (error) {
      if (error instanceof ItemError && error.status === 404) return null;
      throw error;
    }
  }

  function itemOf(message: GmailMessage): ImportedItem {
    const mail = parseGmailMessage(message);
    const sent = message.internalDate
      ? new Date(Number(message.internalDate))
      : mail.date
        ? new Date(mail.date)
        : null;
    const date = sent && !Number.isNaN(sent.getTime()) ? sent : null;
    return {
      externalId: gmailId(message.id),
      dataType: 'email_object',
      name: mail.subject || '(no subject)',
      content: mail.text,
      url: `https://mail.google.com/mail/u/0/#all/${message.id}`,
      metadata: {
        from: mail.from,
        to: mail.to,
        cc: mail.cc,
        subject: mail.subject,
        date: mail.date,
        message_id: mail.messageId,
        thread_id: message.threadId ?? null,
        labels: message.labelIds,
      },
      sourceCreatedAt: date,
      version: message.historyId ?? `${message.labelIds.join(',')}`,
      attachments: mail.attachments.map((a) => ({
        externalId: attachmentExternalId(message.id, a.partId),
        dataType: 'file_object' as const,
        name: a.filename,
        mimeType: a.mimeType,
        size: a.size,
        metadata: { attachment: true, email_subject: mail.subject, from: mail.from },
        sourceCreatedAt: date,
        version: message.historyId ?? '',
        body: async () => {
          if (a.inlineData !== null) return Readable.from([Buffer.from(a.inlineData, 'base64url')]);
          if (!a.attachmentId) throw new ItemError('The attachment has no content');
          const got = await api.json(
            `${BASE}/messages/${encodeURIComponent(message.id)}/attachments/${encodeURIComponent(a.attachmentId)}`,
            {},
            attachmentSchema,
          );
          return Readable.from([Buffer.from(got.data, 'base64url')]);
        },
      })),
    };
  }

  /** The page's messages, fetched a few at once; those the user does not want (or gone) go to `removed`. */
  async function pageOf(
    ids: string[],
    deleted: string[],
    cursor: Record<string, unknown>,
  ): Promise<SyncPage> {
    const unique = [...new Set(ids)].filter((id) => !deleted.includes(id));
    const items: ImportedItem[] = [];
    const removed = deleted.map(gmailId);
    const failed: SyncPage['failed'] = [];
    await mapLimit(unique, FETCHES, async (id) => {
      try {
        const message = await fetchMessage(id);
        if (!message || !wanted(message.labelIds)) removed.push(gmailId(id));
        else items.push(itemOf(message));
      } catch (error) {
        if (!(error instanceof ItemError)) throw error;
        failed.push({ externalId: gmailId(id), name: `Message ${id}`, reason: error.message });
      }
    });
    return { items, removed, cursor, failed };
  }

  async function* list(historyId: string, from?: string): AsyncGenerator<SyncPage> {
    let pageToken = from;
    do {
      const page = await api.json(
        `${BASE}/messages`,
        { maxResults: PAGE_SIZE, pageToken, includeSpamTrash: chosen !== null },
        listSchema,
      );
      pageToken = page.nextPageToken;
      const next = pageToken ? { phase: 'list', historyId, pageToken } : { phase: 'history', historyId };
      // A first listing removes nothing: messages it does not keep were never imported.
      const result = await pageOf(
        page.messages.map((m) => m.id),
        [],
        next,
      );
      yield { ...result, removed: [] };
    } while (pageToken);
  }

  return {
    async *pages(saved) {
      const parsed = saved ? cursorSchema.safeParse(saved) : null;
      const cursor = parsed?.success ? parsed.data : null;
      if (!cursor) {
        const { historyId } = await api.json(`${BASE}/profile`, {}, profileSchema);
        yield* list(historyId);
        return;
      }
      if (cursor.phase === 'list') {
        yield* list(cursor.historyId, cursor.pageToken);
        return;
      }
      let pageToken: string | undefined;
      let latest = cursor.historyId;
      do {
        let history: z.infer<typeof historySchema>;
        try {
          history = await api.json(
            `${BASE}/history`,
            { startHistoryId: cursor.historyId, pageToken, maxResults: 500 },
            historySchema,
          );
        } catch (error) {
          // Gmail keeps about a week of history: older than that, list everything again.
          if (error instanceof ItemError && error.status === 404) {
            const { historyId } = await api.json(`${BASE}/profile`, {}, profileSchema);
            yield* list(historyId);
            return;
          }
          throw error;
        }
        pageToken = history.nextPageToken;
        latest = history.historyId ?? latest;
        const ids: string[] = [];
        const deleted: string[] = [];
        for (const h of history.history) {
          for (const m of [...(h.messagesAdded ?? []), ...(h.labelsAdded ?? []), ...(h.labelsRemoved ?? [])])
            ids.push(m.message.id);
          for (const m of h.messagesDeleted ?? []) deleted.push(m.message.id);
        }
        // Until the last page, the next sync must read this history again from the start.
        const next = pageToken
          ? { phase: 'history', historyId: cursor.historyId }
          : { phase: 'history', historyId: latest };
        yield await pageOf(ids, [...new Set(deleted)], next);
      } while (pageToken);
    },

    async choices() {
      const { labels } = await api.json(
        `${BASE}/labels`,
        {},
        z.object({ labels: z.array(z.object({ id: z.string(), name: z.string() })).default([]) }),
      );
      return { labels: labels.map(({ id, name }) => ({ id, name })) };
    },

    async fetchItem(externalId) {
      const [, messageId, partId] = externalId.split(':');
      if (!messageId) return null;
      const message = await fetchMessage(messageId);
      if (!message) return null;
      const item = itemOf(message);
      if (!partId) return item;
      const attachment = item.attachments?.find((a) => a.externalId === externalId);
      return attachment ? { ...attachment, attachmentOf: item.externalId } : null;
    },
  };
}
