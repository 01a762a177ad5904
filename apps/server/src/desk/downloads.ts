import { PassThrough } from 'node:stream';
import { zipRequestSchema, zipTicketSchema } from '@easio/shared';
import { ZipArchive } from 'archiver';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import parseRange from 'range-parser';
import { z } from 'zod';
import { currentUser } from '../auth/authenticate.js';
import { type Db, queryRows } from '../db/client.js';
import { objects } from '../db/schema.js';
import { errorResponses } from '../http/error-responses.js';
import { HttpError, notFound } from '../http/http-error.js';
import type { BlobStore } from '../storage/blob-store.js';
import { contentDisposition } from '../storage/content-disposition.js';
import { isSafeInline } from './content-types.js';
import { deleteStaleTickets, issueTicket, unexpiredTicket } from './download-tickets.js';
import { withoutControlCharacters } from './file-names.js';
import type { DeskService } from './service.js';
import type { UrlPurpose, UrlSigner } from './signed-urls.js';

const signedQuery = z.object({
  exp: z.coerce.number().int(),
  sig: z.string().min(1).max(200),
  disposition: z.enum(['inline', 'attachment']).default('inline'),
});
const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
const ZIP_TICKET_MINUTES = 15;

export interface DownloadDeps {
  db: Db;
  desk: DeskService;
  blobs: BlobStore;
  signer: UrlSigner;
}

/** Object bytes by signed address (with ranges), thumbnails, and several objects as one streamed ZIP. */
export async function downloadRoutes(app: FastifyInstance, { db, desk, blobs, signer }: DownloadDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The object a signed address names, once its signature checks out. */
  async function signedObject(id: string, purpose: UrlPurpose, exp: number, sig: string) {
    const [row] = await db.select().from(objects).where(eq(objects.id, id));
    // Signature first (checked as if unexpired), so only a once-valid address learns that it expired.
    if (!row || !signer.verify(row.ownerId, row.id, purpose, exp, sig, 0)) throw notFound();
    if (exp * 1000 < Date.now()) throw new HttpError(410, 'This link has expired: open the item again');
    return row;
  }

  r.get(
    '/objects/:id/content',
    {
      // A file goes out as stored, with its length and byte ranges: never compressed on the fly (a
      // 50 MB binary took 1.2–2.7 s gzipped instead of 0.5 s, and lost its length).
      compress: false,
      schema: {
        tags: ['desk'],
        summary:
          "A file's bytes, by the signed content_url or download_url of its object; supports Range requests",
        params: idParams,
        querystring: signedQuery,
      },
    },
    async (request, reply) => {
      const { exp, sig, disposition } = request.query;
      const purpose = disposition === 'attachment' ? 'attachment' : 'inline';
      const row = await signedObject(request.params.id, purpose, exp, sig);
      if (!row.blobKey) throw new HttpError(404, 'This item has no file');
      const size = row.size ?? (await blobs.size(row.blobKey)) ?? 0;
      const inline = purpose === 'inline' && isSafeInline(row.mimeType);
      reply
        .header(
          'content-type',
          inline || purpose === 'attachment'
            ? (row.mimeType ?? 'application/octet-stream')
            : 'application/octet-stream',
        )
        .header('content-disposition', contentDisposition(row.name, inline ? 'inline' : 'attachment'))
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, max-age=3600')
        .header('etag', `"${row.sha256 ?? row.id}"`)
        // Shown inside the app's own viewer (an iframe for PDFs), never able to run script.
        .header(
          'content-security-policy',
          "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox",
        );
      return sendBytes(reply, request.headers.range, size, (range) =>
        blobs.get(row.blobKey as string, range),
      );
    },
  );

  r.get(
    '/objects/:id/thumbnail',
    {
      schema: {
        tags: ['desk'],
        summary: "An image's or PDF's thumbnail (WebP), by the signed thumbnail_url of its object",
        params: idParams,
        querystring: signedQuery,
      },
    },
    async (request, reply) => {
      const row = await signedObject(request.params.id, 'thumbnail', request.query.exp, request.query.sig);
      if (!row.thumbnailKey) throw new HttpError(404, 'This item has no thumbnail');
      reply.header('content-type', 'image/webp').header('cache-control', 'private, max-age=3600');
      return reply.send(await blobs.get(row.thumbnailKey));
    },
  );

  r.post(
    '/zip',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['desk'],
        summary:
          'Several files (and folders, with their content) as one ZIP: answers a short-lived address to download it from',
        security: [{ bearer: [] }],
        body: zipRequestSchema,
        response: { 200: zipTicketSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const ids = [...new Set(request.body.ids)];
      const rows = await desk.repo.findManyOwned(user.id, ids);
      if (rows.length !== ids.length) throw new HttpError(404, 'Some of the chosen items were not found');
      const ticketId = await issueTicket(db, {
        ownerId: user.id,
        purpose: 'zip',
        objectIds: ids,
        minutes: ZIP_TICKET_MINUTES,
      });
      await deleteStaleTickets(db);
      return { url: `/api/desk/zip/${ticketId}` };
    },
  );

  r.get(
    '/zip/:id',
    {
      schema: {
        tags: ['desk'],
        summary:
          'Download the ZIP a /zip call prepared (the unguessable address is the permission; it expires)',
        params: idParams,
      },
    },
    async (request, reply) => {
      const ticket = await unexpiredTicket(db, request.params.id, 'zip');
      if (!ticket) throw new HttpError(404, 'This download has expired: choose the items and download again');
      const entries = await zipEntries(db, ticket.ownerId, ticket.objectIds);
      if (entries.length === 0) throw new HttpError(404, 'None of the chosen items holds a file');
      const archive = new ZipArchive({ zlib: { level: 1 } });
      const out = new PassThrough();
      archive.on('error', (err) => out.destroy(err));
      archive.pipe(out);
      void (async () => {
        // One blob open at a time: thousands of entries must not mean thousands of open files.
        for (const entry of entries) {
          const body = await blobs.get(entry.blobKey).catch(() => null);
          if (!body) continue;
          const done = new Promise((resolve) => archive.once('entry', resolve));
          archive.append(body, { name: entry.path, date: entry.date });
          await done;
        }
        await archive.finalize();
      })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition(`easio-${day}.zip`, 'attachment'))
        .header('cache-control', 'no-store');
      return reply.send(out);
    },
  );
}

/** The files under the chosen objects, with paths inside the ZIP (folders become directories). */
export async function zipEntries(db: Db, ownerId: string, ids: string[]) {
  const rows = await queryRows<{ id: string; blob_key: string; path: string[]; item_date: Date | string }>(
    db,
    sql`
      WITH RECURSIVE down AS (
        SELECT id, data_type, blob_key, item_date, ARRAY[name] AS path FROM objects
        WHERE owner_id = ${ownerId} AND id IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        UNION ALL
        SELECT o.id, o.data_type, o.blob_key, o.item_date, down.path || o.name
        FROM objects o JOIN down ON o.parent_id = down.id AND o.owner_id = ${ownerId}
        WHERE array_length(down.path, 1) < 10
      )
      SELECT id, blob_key, path, item_date FROM down WHERE data_type IN ('file_object', 'email_object') AND blob_key IS NOT NULL
      ORDER BY path`,
  );
  const seen = new Set<string>();
  return rows.map((row) => {
    const parts = row.path.map(zipSafe);
    let path = parts.join('/');
    for (let n = 2; seen.has(path.toLowerCase()); n += 1) {
      const last = parts.at(-1) ?? 'file';
      const dot = last.lastIndexOf('.');
      const renamed = dot > 0 ? `${last.slice(0, dot)} (${n})${last.slice(dot)}` : `${last} (${n})`;
      path = [...parts.slice(0, -1), renamed].join('/');
    }
    seen.add(path.toLowerCase());
    return { id: row.id, blobKey: row.blob_key, path, date: new Date(row.item_date) };
  });
}

/** A name as one ZIP path segment: no separators, no dot-dot, no control characters. */
export function zipSafe(name: string): string {
  const cleaned = withoutControlCharacters(name)
    .replace(/[\\/:*?"<>|\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '_')
    .trim();
  const safe = cleaned.replace(/^\.+$/, '_').slice(0, 200);
  return safe || 'untitled';
}

/** Answers a whole body, or the one byte range asked for (206), or 416 when it can't be served. */
async function sendBytes(
  reply: FastifyReply,
  rangeHeader: string | undefined,
  size: number,
  open: (range?: { start: number; end: number }) => Promise<NodeJS.ReadableStream>,
) {
  if (rangeHeader && size > 0) {
    const ranges = parseRange(size, rangeHeader, { combine: true });
    if (ranges === -1) {
      return reply
        .code(416)
        .header('content-range', `bytes */${size}`)
        .header('content-type', 'application/json; charset=utf-8')
        .send(JSON.stringify({ detail: 'The requested range is outside the file' }));
    }
    if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1 && ranges[0]) {
      const { start, end } = ranges[0];
      reply
        .code(206)
        .header('content-range', `bytes ${start}-${end}/${size}`)
        .header('content-length', end - start + 1);
      return reply.send(await open({ start, end }));
    }
  }
  reply.header('content-length', size);
  return reply.send(size === 0 ? '' : await open());
}
