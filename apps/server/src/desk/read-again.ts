import { type DeskObject, deskObjectSchema } from '@easio/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/authenticate.js';
import type { Db } from '../db/client.js';
import type { UserRow } from '../db/schema.js';
import { objects } from '../db/schema.js';
import { errorResponses } from '../http/error-responses.js';
import { HttpError, notFound } from '../http/http-error.js';
import { readsWithOcr } from '../processing/ocr/read-file.js';
import { sameBytes } from '../processing/same-bytes.js';
import { toDeskObject } from './object-view.js';
import type { UrlSigner } from './signed-urls.js';

export interface ReadAgainDeps {
  db: Db;
  signer: UrlSigner;
  /** Queues OCR of the object; null when OCR is off. */
  onOcrAsked: ((objectId: string) => Promise<void>) | null;
}

/**
 * Reads a file's text with OCR again: the object and its duplicates show 'pending' until the job
 * runs. 409 when OCR is off or the file is no picture or PDF; 404 for an object the user does not have.
 */
export async function readAgain(
  { db, signer, onOcrAsked }: ReadAgainDeps,
  user: UserRow,
  id: string,
): Promise<DeskObject> {
  const [row] = await db
    .select()
    .from(objects)
    .where(and(eq(objects.ownerId, user.id), eq(objects.id, id)));
  if (!row) throw notFound();
  if (!onOcrAsked) throw new HttpError(409, 'Reading text out of pictures (OCR) is off on this server');
  if (row.dataType !== 'file_object' || !row.blobKey || !readsWithOcr(row.mimeType ?? '')) {
    throw new HttpError(409, 'Only pictures and PDF files can be read with OCR');
  }
  // The job reads the original; its duplicates (kept as links to it) get the same text.
  const original = { id: row.duplicateOf ?? row.id, ownerId: user.id };
  const updated = await db
    .update(objects)
    .set({ ocrState: 'pending', ocrError: null, updatedAt: sql`now()` })
    .where(sameBytes(original))
    .returning();
  await onOcrAsked(original.id);
  const mine = updated.find((r) => r.id === id) ?? row;
  return toDeskObject(mine, signer);
}

const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });

/** `POST /api/desk/objects/{id}/ocr`: read a scan's or picture's text again. */
export async function readAgainRoutes(app: FastifyInstance, deps: ReadAgainDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireUser);
  r.post(
    '/objects/:id/ocr',
    {
      schema: {
        tags: ['desk'],
        summary:
          "Read a picture's or PDF's text with OCR again (202: queued, the object shows ocr.state 'pending'); 409 when OCR is off or the file is no picture or PDF",
        security: [{ bearer: [] }],
        params: idParams,
        response: { 202: deskObjectSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const object = await readAgain(deps, currentUser(request), request.params.id);
      return reply.code(202).send(object);
    },
  );
}
