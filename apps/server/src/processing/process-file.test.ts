import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { objects, users } from '../db/schema.js';
import { createJobQueue } from '../jobs/create-job-queue.js';
import { DB_KINDS, openTestDatabase } from '../test/databases.js';
import { MemoryBlobStore } from '../test/memory-blob-store.js';
import { samplePdf, samplePhoto } from '../test/sample-files.js';
import { createFileProcessor } from './process-file.js';
import { enqueueFileJob, registerFileJobs } from './register-file-jobs.js';

describe.each(DB_KINDS)('file processing on %s', (kind) => {
  let database: Database;
  let ownerId: string;
  const blobs = new MemoryBlobStore();

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const [user] = await database.db
      .insert(users)
      .values({ username: 'proc', email: 'proc@example.com', passwordHash: 'x' })
      .returning({ id: users.id });
    ownerId = user?.id ?? '';
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A file object whose bytes are in the store, waiting to be processed. */
  async function storedFile(
    bytes: Buffer,
    mimeType: string,
    extra: Partial<typeof objects.$inferInsert> = {},
  ) {
    const blobKey = `${ownerId}/${randomUUID()}`;
    await blobs.putAt(blobKey, bytes, mimeType);
    const [row] = await database.db
      .insert(objects)
      .values({
        ownerId,
        dataType: 'file_object',
        name: 'file',
        mimeType,
        size: bytes.length,
        blobKey,
        jobState: 'pending',
        ...extra,
      })
      .returning();
    if (!row) throw new Error('no row');
    return row;
  }

  async function reload(id: string) {
    const [row] = await database.db.select().from(objects).where(eq(objects.id, id));
    return row;
  }

  it('gives a photo a thumbnail and its EXIF facts, and dates it by when it was taken', async () => {
    const photo = await storedFile(await samplePhoto(), 'image/jpeg', { metadata: { album: 'Paris' } });
    await createFileProcessor({ db: database.db, blobs })(photo.id);

    const row = await reload(photo.id);
    expect(row).toMatchObject({
      jobState: 'done',
      jobError: null,
      content: null,
      thumbnailKey: `${ownerId}/thumbs/${photo.id}.webp`,
      metadata: {
        album: 'Paris',
        taken_at: '2023-07-14T09:30:05+02:00',
        latitude: 48.85666666666667,
        longitude: 2.2944444444444443,
        camera: 'Canon EOS R6',
      },
    });
    expect(row?.sourceCreatedAt?.toISOString()).toBe('2023-07-14T07:30:05.000Z');
    const thumbnail = blobs.blobs.get(`${ownerId}/thumbs/${photo.id}.webp`);
    expect(thumbnail?.mimeType).toBe('image/webp');
    const { format, width, height } = await sharp(thumbnail?.bytes).metadata();
    expect({ format, width, height }).toEqual({ format: 'webp', width: 240, height: 480 });
  });

  it('keeps the date the source gave over the date in the EXIF', async () => {
    const given = new Date('2020-01-02T03:04:05Z');
    const photo = await storedFile(await samplePhoto(), 'image/jpeg', { sourceCreatedAt: given });
    await createFileProcessor({ db: database.db, blobs })(photo.id);
    expect((await reload(photo.id))?.sourceCreatedAt?.toISOString()).toBe(given.toISOString());
  });

  it('stores the text of a text file, for its duplicates too', async () => {
    const file = await storedFile(Buffer.from('Meeting notes: budget 2025'), 'text/plain');
    const duplicate = await storedFile(Buffer.from('Meeting notes: budget 2025'), 'text/plain', {
      duplicateOf: file.id,
    });
    await createFileProcessor({ db: database.db, blobs })(file.id);
    for (const id of [file.id, duplicate.id]) {
      expect(await reload(id)).toMatchObject({ jobState: 'done', content: 'Meeting notes: budget 2025' });
    }
  });

  it('indexes a PDF and draws its first page', async () => {
    const file = await storedFile(samplePdf(['Tax return 2024']), 'application/pdf');
    await createFileProcessor({ db: database.db, blobs })(file.id);
    expect(await reload(file.id)).toMatchObject({
      jobState: 'done',
      content: 'Tax return 2024',
      thumbnailKey: `${ownerId}/thumbs/${file.id}.webp`,
    });
  });

  it('marks a file it has nothing to do with as done, and skips an object deleted meanwhile', async () => {
    const zip = await storedFile(Buffer.from('PK\u0003\u0004'), 'application/zip');
    const processFile = createFileProcessor({ db: database.db, blobs });
    await processFile(zip.id);
    expect(await reload(zip.id)).toMatchObject({ jobState: 'done', content: null, thumbnailKey: null });
    await expect(processFile(randomUUID())).resolves.toBeUndefined();
  });

  /** Processes the file through a real queue (retries without delay); answers how many times it ran. */
  async function processQueued(fileId: string): Promise<number> {
    const queue = createJobQueue(database, { pollIntervalMs: 50, retryDelaySeconds: 0, retryBackoff: false });
    let attempts = 0;
    const processFile = createFileProcessor({ db: database.db, blobs });
    await registerFileJobs(
      queue,
      (objectId) => {
        attempts += 1;
        return processFile(objectId);
      },
      database.db,
    );
    await queue.start();
    try {
      await enqueueFileJob(queue, fileId);
      await queue.drain();
      return attempts;
    } finally {
      await queue.stop();
    }
  }

  it('records at once why a corrupt PDF failed (the same bytes would fail again), through the queue', async () => {
    const file = await storedFile(Buffer.from('%PDF-1.7\nthis is not a PDF body'), 'application/pdf');
    expect(await processQueued(file.id)).toBe(1);
    expect(await reload(file.id)).toMatchObject({
      jobState: 'failed',
      jobError: 'The PDF could not be read: Invalid PDF structure.',
      content: null,
      thumbnailKey: null,
    });
  });

  it('retries a file whose bytes could not be fetched, then records why, through the queue', async () => {
    const file = await storedFile(Buffer.from('hello again'), 'text/plain');
    await blobs.delete(file.blobKey ?? '');
    expect(await processQueued(file.id)).toBe(4);
    expect(await reload(file.id)).toMatchObject({
      jobState: 'failed',
      jobError: 'The contents of the file are missing from storage',
    });
  });

  it('fails a damaged image on its picture, with the reason, and keeps no partial thumbnail', async () => {
    const file = await storedFile(Buffer.from('\xff\xd8\xff garbage', 'latin1'), 'image/jpeg');
    await createFileProcessor({ db: database.db, blobs })(file.id);
    const row = await reload(file.id);
    expect(row).toMatchObject({ jobState: 'failed', thumbnailKey: null });
    expect(row?.jobError).toMatch(/^The image could not be read: /);
  });

  it('says so when the bytes are missing from storage', async () => {
    const file = await storedFile(Buffer.from('hello'), 'text/plain');
    await blobs.delete(file.blobKey ?? '');
    await expect(createFileProcessor({ db: database.db, blobs })(file.id)).rejects.toThrow(
      'The contents of the file are missing from storage',
    );
  });
});
