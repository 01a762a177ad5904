import {
  ACCOUNT_DELETED_MESSAGE,
  deleteAccountSchema,
  exportTicketSchema,
  NOTIFICATION_DEFAULTS,
  type NotificationPrefs,
  notificationPrefsSchema,
  userInfoSchema,
} from '@easio/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/authenticate.js';
import type { UserRepository } from '../auth/repository.js';
import { toUserInfo } from '../auth/user-info.js';
import type { Db } from '../db/client.js';
import { issueTicket, unexpiredTicket } from '../desk/download-tickets.js';
import { errorResponses } from '../http/error-responses.js';
import { HttpError } from '../http/http-error.js';
import type { BlobStore } from '../storage/blob-store.js';
import { contentDisposition } from '../storage/content-disposition.js';
import { deleteAccount } from './delete-account.js';
import { exportArchive, exportSize } from './export-archive.js';
import { PICTURE_MAX_BYTES, pictureDataUrl } from './picture.js';

const EXPORT_TICKET_MINUTES = 15;
const errors = errorResponses(400, 401, 404, 422);

/**
 * The rights the privacy notice promises: download everything (`POST /export`, then the ZIP by plain
 * navigation from the short-lived address it answers) and erase the account (`POST /delete`).
 */
export async function accountRoutes(
  app: FastifyInstance,
  {
    db,
    blobs,
    users,
    releaseBlobs,
    revokeSources,
  }: {
    db: Db;
    blobs: BlobStore;
    users: UserRepository;
    /** Removes blobs no object uses any more; called after a delete has committed. */
    releaseBlobs: (keys: { blobKeys: string[]; thumbnailKeys: string[] }) => Promise<void>;
    /** Revokes every grant the user's connected sources hold (read before the erase, called after it). */
    revokeSources: (ownerId: string) => Promise<() => Promise<void>>;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/export',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['account'],
        summary:
          'Download my data: answers a short-lived address of one ZIP with the account, every object, recommendations, filing history and every stored file',
        security: [{ bearer: [] }],
        response: { 200: exportTicketSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const ticketId = await issueTicket(db, {
        ownerId: user.id,
        purpose: 'export',
        objectIds: [],
        minutes: EXPORT_TICKET_MINUTES,
      });
      return { url: `/api/account/export/${ticketId}`, ...(await exportSize(db, user.id)) };
    },
  );

  r.get(
    '/export/:id',
    {
      schema: {
        tags: ['account'],
        summary: 'The ZIP an /export call prepared (the unguessable address is the permission; it expires)',
        params: z.object({ id: z.uuid({ error: 'Not a valid id' }) }),
      },
    },
    async (request, reply) => {
      const ticket = await unexpiredTicket(db, request.params.id, 'export');
      const user = ticket ? await users.findById(ticket.ownerId) : undefined;
      if (!user) throw new HttpError(404, 'This download has expired: ask for your data again');
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition(`easio-export-${day}.zip`, 'attachment'))
        .header('cache-control', 'no-store');
      return reply.send(await exportArchive(db, blobs, user));
    },
  );

  const prefsOf = (stored: Record<string, boolean>): NotificationPrefs => {
    const known = notificationPrefsSchema.partial().strip().safeParse(stored);
    return { ...NOTIFICATION_DEFAULTS, ...(known.success ? known.data : {}) };
  };

  r.get(
    '/notifications',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['account'],
        summary: 'Which notifications the user wants',
        security: [{ bearer: [] }],
        response: { 200: notificationPrefsSchema, ...errors },
      },
    },
    async (request) => prefsOf(currentUser(request).notificationPrefs),
  );

  r.put(
    '/notifications',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['account'],
        summary: 'Choose which notifications to get',
        security: [{ bearer: [] }],
        body: notificationPrefsSchema,
        response: { 200: notificationPrefsSchema, ...errors },
      },
    },
    async (request) => {
      const saved = await users.update(currentUser(request).id, { notificationPrefs: request.body });
      return prefsOf(saved.notificationPrefs);
    },
  );

  await app.register(multipart, { limits: { files: 1, fileSize: PICTURE_MAX_BYTES, fields: 0, parts: 1 } });
  r.post(
    '/picture',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['account'],
        summary: 'Upload a profile picture (multipart, one image of at most 8 MB): kept 192 px square',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: userInfoSchema, ...errorResponses(413), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw new HttpError(415, 'Send the picture as multipart/form-data');
      const file = await request.file();
      if (!file) throw new HttpError(422, 'Choose a picture to upload');
      const bytes = await file.toBuffer().catch((err: unknown) => {
        if (file.file.truncated || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, 'That picture is too large: at most 8 MB');
        }
        throw err;
      });
      const saved = await users.update(user.id, { picture: await pictureDataUrl(bytes) });
      return toUserInfo(saved);
    },
  );

  r.post(
    '/delete',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['account'],
        summary:
          'Delete my account: with the password, erases the account, everything on its desk and every stored file; every token stops working',
        security: [{ bearer: [] }],
        body: deleteAccountSchema,
        response: { 200: z.object({ detail: z.string() }), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const revoke = await revokeSources(user.id);
      const released = await deleteAccount(db, user, request.body.password);
      await releaseBlobs(released);
      // The providers forget Easio's access too (best effort: the tokens are gone from here either way).
      await revoke().catch((err: unknown) => request.log.warn({ err }, 'source grants not revoked'));
      return { detail: ACCOUNT_DELETED_MESSAGE };
    },
  );
}
