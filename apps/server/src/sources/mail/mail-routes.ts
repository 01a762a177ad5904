import {
  errorBodySchema,
  imapAccountSchema,
  imapChoicesSchema,
  imapRulesSchema,
  mailImportResultSchema,
  sourceConnectionSchema,
} from '@easio/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/authenticate.js';
import { HttpError } from '../../http/http-error.js';
import type { ConnectionStore } from '../connections.js';
import type { SyncRunner } from '../sync-runner.js';
import { ImapError, type ImapPolicy, listFolders, openImap } from './imap-client.js';
import { importMailFile } from './mail-file-import.js';

export interface MailRouteDeps {
  store: ConnectionStore;
  runner: SyncRunner;
  scheduler: { syncNow(connectionId: string): Promise<void> };
  policy: ImapPolicy;
  /** Largest message (or attachment) stored. */
  maxBytes: number;
}

/** An mbox is read as it streams in, so its size only costs time; this stops a runaway upload. */
export const MAX_MAIL_ARCHIVE_BYTES = 20 * 1024 * 1024 * 1024;

const connectBody = imapAccountSchema.extend({ rules: imapRulesSchema.optional() });

/**
 * `POST /api/mail/imap/connect`: signs in to the mailbox (a wrong password or a refusing server is
 * said at once, nothing saved), seals the account, keeps the rules and starts the first sync.
 * `POST /api/mail/files`: `.eml` messages and `.mbox` archives, streamed message by message.
 */
export async function mailRoutes(app: FastifyInstance, deps: MailRouteDeps) {
  await app.register(multipart, {
    limits: { fileSize: MAX_MAIL_ARCHIVE_BYTES, files: 20, fields: 0, parts: 20 },
    throwFileSizeLimit: true,
  });
  app.addHook('onRequest', app.requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 401: errorBodySchema, 422: errorBodySchema } as const;

  r.post(
    '/imap/connect',
    {
      schema: {
        tags: ['sources'],
        summary: 'Connect a mailbox over IMAP: signs in first, then saves the account sealed and syncs',
        security: [{ bearer: [] }],
        body: connectBody,
        response: {
          200: z.object({ connection: sourceConnectionSchema, folders: imapChoicesSchema.shape.folders }),
          ...errors,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { rules, ...account } = request.body;
      let folders: z.infer<typeof imapChoicesSchema>['folders'];
      try {
        const client = await openImap(account, deps.policy);
        try {
          folders = await listFolders(client);
        } finally {
          await client.logout().catch(() => client.close());
        }
      } catch (error) {
        if (error instanceof ImapError) throw new HttpError(422, error.message);
        throw error;
      }
      const chosen = rules ?? imapRulesSchema.parse({});
      const unknown = chosen.folders.filter((f) => !folders.some((box) => box.path === f));
      if (unknown.length) throw new HttpError(422, `The mailbox has no folder “${unknown[0]}”`);
      const saved = await deps.store.save({
        ownerId: user.id,
        service: 'imap',
        accountEmail: account.user.includes('@') ? account.user : `${account.user}@${account.host}`,
        tokens: account,
        scopes: [],
      });
      await deps.store.updateSettings(saved.id, chosen);
      await deps.scheduler.syncNow(saved.id);
      const connection = (await deps.store.list(user.id)).find((c) => c.service === 'imap');
      if (!connection) throw new HttpError(409, 'The mailbox was disconnected meanwhile');
      return { connection, folders };
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
        response: { 200: mailImportResultSchema, 413: errorBodySchema, 415: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw new HttpError(415, 'Send the files as multipart/form-data');
      const connection = await deps.store.ensure(user.id, 'mail_files');
      const total = { messages: 0, imported: 0, skipped: 0, failed: 0 };
      let files = 0;
      for await (const part of request.files()) {
        files += 1;
        const counts = await importMailFile(part.file, part.filename, {
          connectionId: connection.id,
          runner: deps.runner,
          maxBytes: deps.maxBytes,
        });
        total.messages += counts.messages;
        total.imported += counts.imported;
        total.skipped += counts.skipped;
        total.failed += counts.failed;
        if (part.file.truncated) throw new HttpError(413, 'The archive is larger than 20 GB');
      }
      if (files === 0) throw new HttpError(422, 'The upload holds no file');
      return total;
    },
  );
}
