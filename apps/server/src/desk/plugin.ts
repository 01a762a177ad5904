import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import type { BlobStore } from '../storage/blob-store.js';
import { createBlobReleaser } from './blob-cleanup.js';
import { downloadRoutes } from './downloads.js';
import { deskRoutes } from './routes.js';
import { createDeskService } from './service.js';
import type { UrlSigner } from './signed-urls.js';
import { uploadRoutes } from './uploads.js';

export interface DeskPluginOptions {
  db: Db;
  blobs: BlobStore;
  signer: UrlSigner;
  maxUploadBytes: number;
  onFilesStored: (objectIds: string[]) => Promise<void>;
  onItemsAdded: (ownerId: string) => void;
  onLinksSaved: ((objectIds: string[]) => Promise<void>) | null;
}

/** The desk domain: tree, items, uploads and downloads under `/api/desk`. */
export async function deskPlugin(
  app: FastifyInstance,
  { db, blobs, signer, maxUploadBytes, onFilesStored, onItemsAdded, onLinksSaved }: DeskPluginOptions,
) {
  const releaseBlobs = createBlobReleaser(db, blobs, app.log);
  const desk = createDeskService({ db, signer, releaseBlobs, onItemsAdded, onLinksSaved });
  await app.register(deskRoutes, { desk });
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
  await app.register(downloadRoutes, { db, desk, blobs, signer });
}
