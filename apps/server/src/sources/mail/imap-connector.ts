import { type ImapAccount, type ImapRules, imapRulesSchema } from '@easio/shared';
import type { FetchMessageObject, ImapFlow, SearchObject } from 'imapflow';
import { z } from 'zod';
import { SyncError } from '../provider-errors.js';
import type { Connector, ImportedItem, SyncPage } from '../source.js';
import { PLACES_ONLY, SYNC_PLACES } from '../store-item.js';
import { describeImapError, ImapError, type ImapPolicy, listFolders, openImap } from './imap-client.js';
import { largeMessage, type PartDownloader } from './imap-large-message.js';
import { choosingRules, missingFolder } from './imap-rules-check.js';
import { emailItems, mailExternalId, type ParsedEmail, parseRawMessage } from './mail-message.js';

/** Messages fetched per page: the cursor is saved after each, so a dropped connection loses at most one. */
const PAGE = 25;
/** Messages whose Message-ID is read at once when a folder's UIDs changed meaning (UIDVALIDITY). */
const REKEY_PAGE = 500;

type Failed = NonNullable<SyncPage['failed']>;

const cursorSchema = z.object({
  /** The rules that chose the messages read so far (`choosingRules`); absent in cursors made before it. */
  rules: z.string().optional(),
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

/** The failure listed when a stored message could not be marked read or moved (Retry does it again). */
const afterImportId = (folder: string, validity: string, uid: number) =>
  `imap-after:${folder}:${validity}:${uid}`;

/** An item that only says where a stored message sits now (never stored when the desk lacks it). */
const placeOnly = (externalId: string, scope: string, key: string): ImportedItem => ({
  externalId,
  dataType: 'email_object',
  name: '',
  metadata: { [PLACES_ONLY]: true, [SYNC_PLACES]: { [scope]: key } },
  version: '',
});

/**
 * "Attachments only": a message's files are items of their own, handed back (by a retry, which answers
 * one item) as the first with the others beside it, not attached to it (`attachmentOf: ''`).
 */
function besideEachOther([first, ...rest]: ImportedItem[]): ImportedItem | null {
  return first ? { ...first, attachments: rest.map((i) => ({ ...i, attachmentOf: '' })) } : null;
}

function searchFailed(folder: string, client: ImapFlow): ImapError {
  return new ImapError(
    `The mail server did not answer the search of “${folder}”${client.usable ? '' : ' (the connection dropped)'}: nothing left your desk. The next sync goes on from where this one stopped.`,
  );
}

/**
 * An IMAP mailbox: each chosen folder is read from the UID after the last one imported (all of it again
 * when the folder's UIDVALIDITY changed, or the rules that choose messages did), a page of messages at a
 * time; a message becomes an e-mail item with its attachments, keyed by Message-ID so it is stored once
 * wherever it comes from, and remembers every folder it was found in (`sync_places`). After a folder,
 * its UIDs are compared with what the desk holds from it: a message leaves the desk once it is in none
 * of its folders. The mailbox is opened read-only unless the rules ask to mark messages read or move them.
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

  /** Moved messages leave the folder by our own hand: they stay on the desk whatever the mailbox does next. */
  const tracksPlaces = rules.after_import !== 'move';

  function itemsOf(mail: ParsedEmail, folder: string, validity: string, uid: number): ImportedItem[] {
    const extra = tracksPlaces
      ? { folder, [SYNC_PLACES]: { [imapScope(folder)]: `${validity}:${uid}` } }
      : { folder };
    return emailItems(mail, {
      // The same wherever the message is found: another folder only adds a place, fetching nothing again.
      version: `imap/${rules.attachments_only ? 'files' : 'all'}`,
      extra,
      attachmentsOnly: rules.attachments_only,
    });
  }

  /** Marks read or moves these messages as the rules ask; answers whether the server did. */
  async function actOn(client: ImapFlow, uids: number[]): Promise<boolean> {
    if (rules.after_import === 'mark_read') {
      return client.messageFlagsAdd(uids, ['\\Seen'], { uid: true });
    }
    if (client.capabilities.has('MOVE')) {
      return Boolean(await client.messageMove(uids, rules.move_to, { uid: true }));
    }
    // Without MOVE, imapflow's own fallback deletes the messages even when copying them failed.
    if (!(await client.messageCopy(uids, rules.move_to, { uid: true }))) return false;
    return client.messageDelete(uids, { uid: true });
  }

  const afterImportFailure = () =>
    rules.after_import === 'move'
      ? `Imported, but the mail server did not move it to “${rules.move_to}”`
      : 'Imported, but the mail server did not mark it as read';

  /** After a page is stored: what the rules ask done to its messages; those the server refused, as failures. */
  async function afterImport(
    client: ImapFlow,
    folder: string,
    validity: string,
    done: { uid: number; name: string }[],
  ): Promise<Failed> {
    if (done.length === 0 || rules.after_import === 'nothing') return [];
    const uids = done.map((d) => d.uid);
    if (await actOn(client, uids)) return [];
    return done.map((d) => ({
      externalId: afterImportId(folder, validity, d.uid),
      name: d.name,
      reason: afterImportFailure(),
    }));
  }

  /** The item key of a message from its envelope (read whole only when it has no Message-ID). */
  async function messageKey(client: ImapFlow, message: FetchMessageObject): Promise<string | null> {
    const messageId = (message.envelope?.messageId ?? '').trim().replace(/^<|>$/g, '');
    if (messageId) return mailExternalId({ messageId, from: '', subject: '', date: null, text: '' });
    const full = await client.fetchOne(
      String(message.uid),
      { uid: true, size: true, envelope: true, bodyStructure: true },
      { uid: true },
    );
    return full ? mailExternalId(await readMessage(client, full)) : null;
  }

  /**
   * The folder's UIDs changed meaning (UIDVALIDITY): every message in it, chosen by the rules or not,
   * gets its new place on the items the desk already holds, so the deletion check after the folder does
   * not take what the rules did not list again for gone. The cursor keeps the old validity meanwhile, so
   * a sync cut off here starts this again.
   */
  async function* rekey(client: ImapFlow, folder: string, validity: string, cursor: Cursor) {
    const all = await client.search({ all: true }, { uid: true });
    if (all === false) throw searchFailed(folder, client);
    for (const page of chunks(all, REKEY_PAGE)) {
      const listed = await client.fetchAll(page, { uid: true, envelope: true }, { uid: true });
      const items: ImportedItem[] = [];
      for (const message of listed) {
        const key = await messageKey(client, message).catch((error: unknown) => {
          if (!client.usable) throw error;
          return null;
        });
        if (key) items.push(placeOnly(key, imapScope(folder), `${validity}:${message.uid}`));
      }
      yield { items, removed: [], cursor: structuredClone(cursor) } satisfies SyncPage;
    }
  }

  async function* folderPages(client: ImapFlow, folder: string, cursor: Cursor): AsyncGenerator<SyncPage> {
    const lock = await client.getMailboxLock(folder, { readOnly });
    try {
      const validity = String(client.mailbox ? client.mailbox.uidValidity : '');
      const known = cursor.folders[folder];
      const sameValidity = known !== undefined && known.validity === validity;
      if (known && !sameValidity && tracksPlaces) yield* rekey(client, folder, validity, cursor);
      const after = sameValidity ? known.last : 0;
      const found = await client.search(searchOf(rules, after, new Date()), { uid: true });
      if (found === false) throw searchFailed(folder, client);
      // `n:*` always matches the highest UID, even below n.
      const uids = found.filter((u) => u > after).sort((a, b) => a - b);
      for (const page of chunks(uids, PAGE)) {
        const listed = await client.fetchAll(
          page,
          { uid: true, size: true, envelope: true, bodyStructure: true },
          { uid: true },
        );
        const items: ImportedItem[] = [];
        const failed: Failed = [];
        const imported: { uid: number; name: string }[] = [];
        for (const message of listed) {
          const name = message.envelope?.subject || `Message ${message.uid} in ${folder}`;
          try {
            const mail = await readMessage(client, message);
            items.push(...itemsOf(mail, folder, validity, message.uid));
            imported.push({ uid: message.uid, name });
          } catch (error) {
            if (!client.usable) throw error;
            failed.push({
              externalId: `imap:${folder}:${validity}:${message.uid}`,
              name,
              reason: error instanceof Error ? error.message.slice(0, 500) : String(error),
            });
          }
        }
        cursor.folders[folder] = { validity, last: page[page.length - 1] ?? after };
        yield { items, removed: [], failed, cursor: structuredClone(cursor) };
        // Only once the page is stored: a message is never marked or moved before it is safe on the desk.
        const refused = await afterImport(client, folder, validity, imported);
        if (refused.length)
          yield { items: [], removed: [], failed: refused, cursor: structuredClone(cursor) };
      }
      if (!sameValidity || uids.length === 0) {
        cursor.folders[folder] = { validity, last: uids[uids.length - 1] ?? after };
      }
      if (tracksPlaces) {
        const present = await client.search({ all: true }, { uid: true });
        if (present === false) throw searchFailed(folder, client);
        // A folder that says it holds messages but lists none is not believed: nothing leaves the desk on that.
        const believed = present.length > 0 || (client.mailbox ? client.mailbox.exists : 0) === 0;
        yield {
          items: [],
          removed: [],
          present: believed
            ? [{ scope: imapScope(folder), keys: present.map((u) => `${validity}:${u}`) }]
            : [],
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

  /**
   * A stored message the server would not mark read or move, asked again: null once done (or when the
   * message is no longer there), which takes it off the failures; an error when refused again.
   */
  async function actAgain(client: ImapFlow, folder: string, validity: string | undefined, uid: number) {
    if (rules.after_import === 'nothing') return null;
    const lock = await client.getMailboxLock(folder, { readOnly: false });
    try {
      const current = String(client.mailbox ? client.mailbox.uidValidity : '');
      if (current !== validity) return null;
      if (!(await actOn(client, [uid]))) throw new Error(afterImportFailure());
      return null;
    } finally {
      lock.release();
    }
  }

  return {
    async *pages(rawCursor) {
      const parsed = cursorSchema.safeParse(rawCursor ?? {});
      const cursor: Cursor = parsed.success ? parsed.data : { folders: {} };
      const chosenBy = choosingRules(rules);
      if (cursor.rules !== undefined && cursor.rules !== chosenBy) {
        // Other rules choose other messages: every folder is read again (what is stored already is skipped).
        for (const known of Object.values(cursor.folders)) known.last = 0;
      }
      cursor.rules = chosenBy;
      const client = await openImap(account, options.policy);
      try {
        const missing = missingFolder(rules, await listFolders(client));
        if (missing) throw new ImapError(`${missing} any more: choose the folders again in the rules.`);
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

    /**
     * A failed message (or one of its attachments) again, found by its place or its Message-ID (also in
     * the folder messages are moved to); or a stored message marked read or moved again.
     */
    async fetchItem(externalId) {
      const refused = /^imap-after:(.*):(\d+):(\d+)$/.exec(externalId);
      if (refused)
        return withClient((client) => actAgain(client, refused[1] as string, refused[2], Number(refused[3])));
      return withClient(async (client) => {
        const place = /^imap:(.*):(\d+):(\d+)$/.exec(externalId);
        const byId = /^mail:(?!hash:)(.+?)(?:#(\d+))?$/.exec(externalId);
        const folders = place
          ? [place[1] as string]
          : rules.after_import === 'move'
            ? [...rules.folders, rules.move_to]
            : rules.folders;
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
            if (place && rules.attachments_only) return besideEachOther(items);
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
