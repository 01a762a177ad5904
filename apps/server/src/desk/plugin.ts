import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import type { BlobStore } from '../storage/blob-store.js';
import { downloadRoutes } from './downloads.js';
import { previewRoutes } from './previews/preview-routes.js';
import { createPreviewService } from './previews/preview-service.js';
import { readAgainRoutes } from './read-again.js';
import { deskRoutes } from './routes.js';
import { createDeskService } from './service.js';
import type { UrlSigner } from './signed-urls.js';
import { trashRoutes } from './trash-routes.js';
import { createTrashService } from './trash-service.js';
import { uploadRoutes } from './uploads.js';

export interface DeskPluginOptions {
  db: Db;
  blobs: BlobStore;
  signer: UrlSigner;
  maxUploadBytes: number;
  /** Days a deleted item stays in the Trash. */
  trashDays: number;
  /** Removes blobs no object uses any more; called after a delete has committed. */
  releaseBlobs: (keys: { blobKeys: string[]; thumbnailKeys: string[] }) => Promise<void>;
  onFilesStored: (objectIds: string[]) => Promise<void>;
  onItemsAdded: (ownerId: string) => void;
  onLinksSaved: ((objectIds: string[]) => Promise<void>) | null;
  /** Queues OCR of a file (read again); null when OCR is off. */
  onOcrAsked: ((objectId: string) => Promise<void>) | null;
}

/** The desk domain: tree, items, the Trash, uploads and downloads under `/api/desk`. */
export async function deskPlugin(
  app: FastifyInstance,
  {
    db,
    blobs,
    signer,
    maxUploadBytes,
    trashDays,
    releaseBlobs,
    onFilesStored,
    onItemsAdded,
    onLinksSaved,
    onOcrAsked,
  }: DeskPluginOptions,
) {
  const desk = createDeskService({ db, signer, releaseBlobs, onItemsAdded, onLinksSaved });
  await app.register(deskRoutes, { desk });
  await app.register(trashRoutes, { trash: createTrashService({ db, signer, trashDays, releaseBlobs }) });
  await app.register(uploadRoutes, {
    db,
    desk,
    blobs,
    signer,
    maxUploadBytes,
    releaseBlobs,
    onFilesStored,
    onItemsAdded,
  });
  await app.register(readAgainRoutes, { db, signer, onOcrAsked });
  await app.register(downloadRoutes, { db, desk, blobs, signer });
  await app.register(previewRoutes, { previews: createPreviewService({ db, blobs, log: app.log }) });
}
