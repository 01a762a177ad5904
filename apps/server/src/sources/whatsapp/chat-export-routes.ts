import { createHash } from 'node:crypto';
import {
  type ChatExportPreview,
  chatExportImportSchema,
  chatExportPreviewSchema,
  chatExportResultSchema,
} from '@easio/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/authenticate.js';
import { errorResponses } from '../../http/error-responses.js';
import { HttpError } from '../../http/http-error.js';
import { type BlobStore, BlobTooLargeError } from '../../storage/blob-store.js';
import type { SourcesService } from '../service.js';
import type { ImportedItem } from '../source.js';
import { type ChatArchive, openChatArchive } from './chat-archive.js';
import { type ChatMessage, locationOf, parseChatExport } from './chat-export.js';
import { locationItem, textItem } from './message-items.js';

export interface ChatExportDeps {
  blobs: BlobStore;
  sources: SourcesService;
  maxBytes: number;
  releaseBlobs: (keys: { blobKeys: string[]; thumbnailKeys: string[] }) => Promise<void>;
}

const NOT_A_CHAT = 'This is not a WhatsApp chat export: no messages were found in it';

/** The same message imported twice (the export uploaded again) is the same item. */
const chatId = (m: ChatMessage) =>
  `chat:${createHash('sha256')
    .update(`${m.sender}\u0000${m.at.toISOString()}\u0000${m.text}\u0000${m.attachment ?? ''}`)
    .digest('hex')
    .slice(0, 40)}`;

function itemsOf(messages: ChatMessage[], archive: ChatArchive, chatName: string): ImportedItem[] {
  return messages.flatMap((m): ImportedItem[] => {
    const base = {
      externalId: chatId(m),
      version: '1',
      sourceCreatedAt: m.at,
      metadata: { whatsapp: { sender: m.sender, chat: chatName } },
    };
    if (m.attachment && archive.files.has(m.attachment)) {
      const name = m.attachment;
      return [
        { ...base, dataType: 'file_object', name, content: m.text || null, body: () => archive.open(name) },
      ];
    }
    const place = locationOf(m.text);
    if (place)
      return [
        { ...base, ...locationItem(place), metadata: { ...base.metadata, ...locationItem(place).metadata } },
      ];
    if (!m.text) return [];
    const item = textItem(m.text);
    return [{ ...base, ...item, metadata: { ...base.metadata, ...item.metadata } }];
  });
}

/**
 * Importing a WhatsApp chat export (`.txt`, or `.zip` with its media): the upload is kept, read and
 * described (who wrote how many messages), then the messages of the people the user picks become
 * items dated by their time; a second import of the same export stores nothing twice.
 */
export async function chatExportRoutes(app: FastifyInstance, deps: ChatExportDeps) {
  const { blobs, maxBytes } = deps;
  await app.register(multipart, {
    limits: { fileSize: maxBytes + 1, files: 1, fields: 5, parts: 6 },
    throwFileSizeLimit: true,
  });
  app.addHook('onRequest', app.requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = errorResponses(401, 404, 413, 422);
  const megabytes = Math.round(maxBytes / (1024 * 1024));

  r.post(
    '/chat_exports',
    {
      schema: {
        tags: ['sources'],
        summary:
          'Upload a WhatsApp chat export (.txt, or .zip with media): answers who wrote how many messages',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: chatExportPreviewSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw new HttpError(415, 'Send the export as multipart/form-data');
      const part = await request.file();
      if (!part) throw new HttpError(422, 'The upload holds no file');
      const stored = await blobs
        .put(part.file, { ownerId: user.id, maxBytes, nameHint: part.filename })
        .catch((error: unknown) => {
          if (error instanceof BlobTooLargeError)
            throw new HttpError(413, `The export is larger than ${megabytes} MB`);
          throw error;
        });
      const release = () => deps.releaseBlobs({ blobKeys: [stored.key], thumbnailKeys: [] });
      let archive: ChatArchive;
      try {
        archive = await openChatArchive(await blobs.get(stored.key), maxBytes);
      } catch (error) {
        await release();
        throw error;
      }
      try {
        const { messages } = parseChatExport(archive.text);
        if (messages.length === 0) {
          await release();
          throw new HttpError(422, NOT_A_CHAT);
        }
        const counts = new Map<string, number>();
        for (const m of messages) counts.set(m.sender, (counts.get(m.sender) ?? 0) + 1);
        return {
          id: stored.sha256,
          file_name: part.filename,
          messages: messages.length,
          senders: [...counts].sort((a, b) => b[1] - a[1]).map(([name, n]) => ({ name, messages: n })),
          files: archive.files.size,
          missing_files: messages.filter((m) => m.attachment && !archive.files.has(m.attachment)).length,
        } satisfies ChatExportPreview;
      } finally {
        await archive.close();
      }
    },
  );

  r.post(
    '/chat_exports/:id/import',
    {
      schema: {
        tags: ['sources'],
        summary: "Imports the chosen people's messages of an uploaded chat export onto the desk",
        security: [{ bearer: [] }],
        params: z.object({ id: z.string().regex(/^[0-9a-f]{64}$/, 'Not an upload id') }),
        body: chatExportImportSchema,
        response: { 200: chatExportResultSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const key = `${user.id}/${request.params.id}`;
      if ((await blobs.size(key)) === null)
        throw new HttpError(404, 'This upload is no longer here: upload the export again');
      const archive = await openChatArchive(await blobs.get(key), maxBytes);
      try {
        const keep = new Set(request.body.keep);
        const messages = parseChatExport(archive.text).messages.filter((m) => keep.has(m.sender));
        const intake = await deps.sources.intake(user.id, 'whatsapp');
        const counts = await intake.importItems(itemsOf(messages, archive, 'WhatsApp chat'));
        return { imported: counts.imported, skipped: counts.skipped, failed: counts.failed };
      } finally {
        await archive.close();
        await deps.releaseBlobs({ blobKeys: [key], thumbnailKeys: [] });
      }
    },
  );
}
