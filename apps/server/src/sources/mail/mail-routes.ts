import {
  type ImapAccount,
  imapAccountSchema,
  imapChoicesSchema,
  imapPasswordSchema,
  imapRulesSchema,
  mailImportResultSchema,
  sourceConnectionSchema,
} from '@easio/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/authenticate.js';
import { errorResponses } from '../../http/error-responses.js';
import { HttpError } from '../../http/http-error.js';
import type { ConnectionStore } from '../connections.js';
import type { SourcesService } from '../service.js';
import { ImapError, type ImapPolicy, listFolders, openImap } from './imap-client.js';
import { missingFolder } from './imap-rules-check.js';
import { importMailFile, type MailFileCounts, NotMailError } from './mail-file-import.js';

export interface MailRouteDeps {
  store: ConnectionStore;
  sources: SourcesService;
  policy: ImapPolicy;
  /** Largest message (or attachment) stored. */
  maxBytes: number;
}

/** An mbox is read as it streams in, so its size only costs time; this stops a runaway upload. */
export const MAX_MAIL_ARCHIVE_BYTES = 20 * 1024 * 1024 * 1024;

const connectBody = imapAccountSchema.extend({ rules: imapRulesSchema.optional() });
const connected = z.object({ connection: sourceConnectionSchema, folders: imapChoicesSchema.shape.folders });
type Folders = z.infer<typeof imapChoicesSchema>['folders'];

/**
 * `POST /api/mail/imap/connect`: signs in to the mailbox (a wrong password or a refusing server is
 * said at once, nothing saved), seals the account, keeps the rules and starts the first sync; the same
 * mailbox connected again without rules keeps its rules and goes on from where it was.
 * `POST /api/mail/imap/password`: the connected mailbox's new password, signed in with before it is kept.
 * `POST /api/mail/files`: `.eml` messages and `.mbox` archives, streamed message by message.
 */
export async function mailRoutes(app: FastifyInstance, deps: MailRouteDeps) {
  await app.register(multipart, {
    limits: { fileSize: MAX_MAIL_ARCHIVE_BYTES, files: 20, fields: 0, parts: 20 },
    throwFileSizeLimit: true,
  });
  app.addHook('onRequest', app.requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = errorResponses(401, 422);

  /** Signs in to the mailbox and lists its folders; a refusal is a 422 in the server's words. */
  async function signIn(account: ImapAccount): Promise<Folders> {
    try {
      const client = await openImap(account, deps.policy);
      try {
        return await listFolders(client);
      } finally {
        await client.logout().catch(() => client.close());
      }
    } catch (error) {
      if (error instanceof ImapError) throw new HttpError(422, error.message);
      throw error;
    }
  }

  async function connectionOf(ownerId: string) {
    const connection = (await deps.store.list(ownerId)).find((c) => c.service === 'imap');
    if (!connection) throw new HttpError(409, 'The mailbox was disconnected meanwhile');
    return connection;
  }

  r.post(
    '/imap/connect',
    {
      schema: {
        tags: ['sources'],
        summary: 'Connect a mailbox over IMAP: signs in first, then saves the account sealed and syncs',
        security: [{ bearer: [] }],
        body: connectBody,
        response: { 200: connected, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { rules, ...account } = request.body;
      const folders = await signIn(account);
      const accountEmail = account.user.includes('@') ? account.user : `${account.user}@${account.host}`;
      const before = await deps.store.find(user.id, 'imap');
      const kept =
        !rules && before?.accountEmail === accountEmail
          ? imapRulesSchema.safeParse(before.settings).data
          : undefined;
      const chosen = rules ?? kept ?? imapRulesSchema.parse({});
      const missing = kept ? null : missingFolder(chosen, folders);
      if (missing) throw new HttpError(422, missing);
      await deps.sources.connect(
        { ownerId: user.id, service: 'imap', accountEmail, tokens: account, scopes: [] },
        { settings: chosen },
      );
      return { connection: await connectionOf(user.id), folders };
    },
  );

  r.post(
    '/imap/password',
    {
      schema: {
        tags: ['sources'],
        summary:
          "The connected mailbox's new password: signs in with it first, keeps the rules and where the sync was",
        security: [{ bearer: [] }],
        body: imapPasswordSchema,
        response: { 200: connected, ...errorResponses(404), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const before = await deps.store.find(user.id, 'imap');
      if (!before) throw new HttpError(404, 'No mailbox is connected');
      const stored = imapAccountSchema.safeParse(deps.store.tokensOf(before));
      if (!stored.success) throw new HttpError(422, 'The mail account is incomplete: connect it again');
      const account = { ...stored.data, password: request.body.password };
      const folders = await signIn(account);
      await deps.sources.connect({
        ownerId: user.id,
        service: 'imap',
        accountEmail: before.accountEmail,
        tokens: account,
        scopes: [],
      });
      return { connection: await connectionOf(user.id), folders };
    },
  );

  r.post(
    '/files',
    {
      schema: {
        tags: ['sources'],
        summary: 'Import .eml messages and .mbox archives (read as they stream in, a message at a time)',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: mailImportResultSchema, ...errorResponses(413, 415), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw new HttpError(415, 'Send the files as multipart/form-data');
      const intake = await deps.sources.intake(user.id, 'mail_files');
      const total = { messages: 0, imported: 0, skipped: 0, failed: 0 };
      const target = { importItems: intake.importItems, maxBytes: deps.maxBytes };
      let files = 0;
      /** Files that held no mail: listed as failed beside the others, refused when nothing else came. */
      const notMail: { externalId: string; name: string; reason: string }[] = [];
      for await (const part of request.files()) {
        files += 1;
        let counts: MailFileCounts;
        try {
          counts = await importMailFile(part.file, part.filename, target);
        } catch (error) {
          if (!(error instanceof NotMailError)) throw error;
          part.file.resume();
          notMail.push({ externalId: `file:${part.filename}`, name: part.filename, reason: error.message });
          continue;
        }
        total.messages += counts.messages;
        total.imported += counts.imported;
        total.skipped += counts.skipped;
        total.failed += counts.failed;
        if (part.file.truncated) throw new HttpError(413, 'The archive is larger than 20 GB');
      }
      if (files === 0) throw new HttpError(422, 'The upload holds no file');
      if (notMail.length === files) throw new HttpError(422, notMail[0]?.reason ?? 'No e-mail in the upload');
      if (notMail.length) {
        total.failed += (await intake.importItems([], notMail)).failed;
      }
      return total;
    },
  );
}
