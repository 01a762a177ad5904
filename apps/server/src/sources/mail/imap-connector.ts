import { type ImapAccount, type ImapRules, imapRulesSchema } from '@easio/shared';
import type { FetchMessageObject, ImapFlow, SearchObject } from 'imapflow';
import { z } from 'zod';
import { SyncError } from '../provider-errors.js';
import type { Connector, ImportedItem, SyncPage } from '../source.js';
import { describeImapError, ImapError, type ImapPolicy, listFolders, openImap } from './imap-client.js';
import { largeMessage, type PartDownloader } from './imap-large-message.js';
import { emailItems, type ParsedEmail, parseRawMessage } from './mail-message.js';

/** Messages fetched per page: the cursor is saved after each, so a dropped connection loses at most one. */
const PAGE = 25;

const cursorSchema = z.object({
  folders: z
    .record(z.string(), z.object({ validity: z.string(), last: z.number().int().min(0) }))
    .default({}),
});
type Cursor = z.infer<typeof cursorSchema>;

export interface ImapConnectorOptions {
  policy: ImapPolicy;
  /** A message larger than this is read part by part (its text, then each attachment within the limit). */
  maxBytes: number;
}

/** The server's search for the user's rules: only new UIDs, and the sender, subject, body and age asked for. */
function searchOf(rules: ImapRules, after: number, now: Date): SearchObject {
  const query: SearchObject = { uid: `${after + 1}:*` };
  if (rules.from_contains) query.from = rules.from_contains;
  if (rules.subject_contains) query.subject = rules.subject_contains;
  if (rules.body_contains) query.body = rules.body_contains;
  if (rules.max_age_days !== null) query.since = new Date(now.getTime() - rules.max_age_days * 86_400_000);
  return query;
}

const chunks = <T>(list: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

/** Where a message sits: what makes its stored items belong to the folder's deletion check. */
export const imapScope = (folder: string) => `imap:${folder}`;

/**
 * An IMAP mailbox: each chosen folder is read from the UID after the last one imported (all of it again
 * when the folder's UIDVALIDITY changed), a page of messages at a time; a message becomes an e-mail item
 * with its attachments, keyed by Message-ID so it is stored once wherever it comes from. After a folder,
 * its UIDs are compared with what the desk holds from it, and messages deleted on the server leave the
 * desk. The mailbox is opened read-only unless the rules ask to mark messages read or move them.
 */
export function createImapConnector(
  account: ImapAccount,
  rawRules: Record<string, unknown>,
  options: ImapConnectorOptions,
): Connector {
  const parsedRules = imapRulesSchema.safeParse(rawRules);
  const rules = parsedRules.success ? parsedRules.data : imapRulesSchema.parse({});
  const readOnly = rules.after_import === 'nothing';

  async function readMessage(
    client: ImapFlow,
    message: FetchMessageObject,
    downloadPart?: PartDownloader,
  ): Promise<ParsedEmail> {
    if ((message.size ?? 0) > options.maxBytes) return largeMessage(client, message, downloadPart);
    const full = await client.fetchOne(String(message.uid), { source: true }, { uid: true });
    if (full === false || !full.source) throw new Error('The server no longer has this message');
    return parseRawMessage(full.source);
  }

  function itemsOf(mail: ParsedEmail, folder: string, validity: string, uid: number): ImportedItem[] {
    const key = `${validity}:${uid}`;
    // Moved messages leave the folder by our own hand: they stay on the desk whatever the mailbox does next.
    const extra =
      rules.after_import === 'move' ? { folder } : { folder, sync_scope: imapScope(folder), sync_key: key };
    return emailItems(mail, {
      version: `${folder}/${key}/${rules.attachments_only ? 'files' : 'all'}`,
      extra,
      attachmentsOnly: rules.attachments_only,
    });
  }

  async function afterImport(client: ImapFlow, uids: number[]) {
    if (uids.length === 0 || rules.after_import === 'nothing') return;
    if (rules.after_import === 'mark_read') await client.messageFlagsAdd(uids, ['\\Seen'], { uid: true });
    else await client.messageMove(uids, rules.move_to, { uid: true });
  }

  async function* folderPages(client: ImapFlow, folder: string, cursor: Cursor): AsyncGenerator<SyncPage> {
    const lock = await client.getMailboxLock(folder, { readOnly });
    try {
      const validity = String(client.mailbox ? client.mailbox.uidValidity : '');
      const known = cursor.folders[folder];
      const after = known && known.validity === validity ? known.last : 0;
      const found = (await client.search(searchOf(rules, after, new Date()), { uid: true })) || [];
      // `n:*` always matches the highest UID, even below n.
      const uids = found.filter((u) => u > after).sort((a, b) => a - b);
      for (const page of chunks(uids, PAGE)) {
        const listed = await client.fetchAll(
          page,
          { uid: true, size: true, envelope: true, bodyStructure: true },
          { uid: true },
        );
        const items: ImportedItem[] = [];
        const failed: NonNullable<SyncPage['failed']> = [];
        const imported: number[] = [];
        for (const message of listed) {
          try {
            const mail = await readMessage(client, message);
            items.push(...itemsOf(mail, folder, validity, message.uid));
            imported.push(message.uid);
          } catch (error) {
            if (!client.usable) throw error;
            failed.push({
              externalId: `imap:${folder}:${validity}:${message.uid}`,
              name: message.envelope?.subject || `Message ${message.uid} in ${folder}`,
              reason: error instanceof Error ? error.message.slice(0, 500) : String(error),
            });
          }
        }
        cursor.folders[folder] = { validity, last: page[page.length - 1] ?? after };
        yield { items, removed: [], failed, cursor: structuredClone(cursor) };
        // Only once the page is stored: a message is never marked or moved before it is safe on the desk.
        await afterImport(client, imported);
      }
      if (!known || known.validity !== validity || uids.length === 0) {
        cursor.folders[folder] = { validity, last: uids[uids.length - 1] ?? after };
      }
      if (rules.after_import !== 'move') {
        const present = (await client.search({ all: true }, { uid: true })) || [];
        yield {
          items: [],
          removed: [],
          present: [{ scope: imapScope(folder), keys: present.map((u) => `${validity}:${u}`) }],
          cursor: structuredClone(cursor),
        };
      }
    } finally {
      lock.release();
    }
  }

  async function withClient<T>(run: (client: ImapFlow) => Promise<T>): Promise<T> {
    const client = await openImap(account, options.policy);
    try {
      return await run(client);
    } finally {
      await client.logout().catch(() => client.close());
    }
  }

  /** A part fetched on a connection of its own, closed when the bytes are read (a retry's client is gone by then). */
  const downloadOnItsOwn =
    (folder: string): PartDownloader =>
    async (uid, part) => {
      const client = await openImap(account, options.policy);
      const lock = await client.getMailboxLock(folder, { readOnly: true });
      const { content } = await client.download(uid, part, { uid: true });
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        lock.release();
        void client.logout().catch(() => client.close());
      };
      content.once('end', close).once('error', close).once('close', close);
      return content;
    };

  return {
    async *pages(rawCursor) {
      const parsed = cursorSchema.safeParse(rawCursor ?? {});
      const cursor = parsed.success ? parsed.data : { folders: {} };
      const client = await openImap(account, options.policy);
      try {
        const existing = new Set((await listFolders(client)).map((f) => f.path));
        const missing = rules.folders.filter((f) => !existing.has(f));
        if (missing.length) {
          throw new ImapError(
            `The mailbox has no folder ${missing.map((f) => `“${f}”`).join(', ')} any more: choose the folders again.`,
          );
        }
        for (const folder of rules.folders) yield* folderPages(client, folder, cursor);
      } catch (error) {
        if (error instanceof SyncError) throw error;
        throw new ImapError(
          `${describeImapError(error, account)} The next sync goes on from where this one stopped.`,
        );
      } finally {
        await client.logout().catch(() => client.close());
      }
    },

    /** A failed message (or one of its attachments) again, found by its place or its Message-ID. */
    async fetchItem(externalId) {
      return withClient(async (client) => {
        const place = /^imap:(.*):(\d+):(\d+)$/.exec(externalId);
        const byId = /^mail:(?!hash:)(.+?)(?:#(\d+))?$/.exec(externalId);
        const folders = place ? [place[1] as string] : rules.folders;
        for (const folder of folders) {
          const lock = await client.getMailboxLock(folder, { readOnly: true });
          try {
            const validity = String(client.mailbox ? client.mailbox.uidValidity : '');
            const uids = place
              ? place[2] === validity
                ? [Number(place[3])]
                : []
              : byId
                ? (await client.search({ header: { 'message-id': byId[1] as string } }, { uid: true })) || []
                : [];
            const [message] = uids.length
              ? await client.fetchAll(
                  uids.slice(0, 1),
                  { uid: true, size: true, envelope: true, bodyStructure: true },
                  { uid: true },
                )
              : [];
            if (!message) continue;
            const mail = await readMessage(client, message, downloadOnItsOwn(folder));
            const items = itemsOf(mail, folder, validity, message.uid);
            const parent = items[0];
            if (!parent) return null;
            if (place || parent.externalId === externalId) return parent;
            const attachment = [...items, ...(parent.attachments ?? [])].find(
              (i) => i.externalId === externalId,
            );
            return attachment
              ? { ...attachment, attachmentOf: rules.attachments_only ? undefined : parent.externalId }
              : null;
          } finally {
            lock.release();
          }
        }
        return null;
      });
    },

    async choices() {
      return { folders: await withClient(listFolders) };
    },
  };
}
