import { type DataType, LINK_TYPES } from '@easio/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { objects } from '../db/schema.js';
import { FetchRefused, guardedFetch, isPublicAddress } from '../http/guarded-fetch.js';
import type { BlobStore } from '../storage/blob-store.js';

const MiB = 1024 * 1024;
const PAGE = { maxBytes: 5 * MiB, timeoutMs: 15_000 };
const ICON = { maxBytes: MiB / 2, timeoutMs: 5_000 };
const PICTURE = { maxBytes: 10 * MiB, timeoutMs: 10_000 };
/** Icons tried at most, the page's best first, then the one the browser extension saw, then /favicon.ico. */
const MAX_ICON_TRIES = 4;
const MAX_ERROR_CHARS = 500;
const USER_AGENT = 'Mozilla/5.0 (compatible; Easio link preview)';

export type LinkPreviewer = (objectId: string) => Promise<void>;

export interface LinkPreviewDeps {
  db: Db;
  blobs: BlobStore;
  /** Private and loopback addresses may be fetched (ALLOW_PRIVATE_ADDRESSES). */
  allowPrivate: boolean;
}

/** What the preview found; every part may be missing. */
interface Preview {
  finalUrl: string;
  contentType: string;
  title: string | null;
  description: string | null;
  siteName: string | null;
  icon: string | null;
  picture: Buffer | null;
  text: string | null;
}

const fileNameOf = (address: string): string | null => {
  const last = new URL(address).pathname.split('/').filter(Boolean).pop();
  if (!last) return null;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
};

const looksLikeHtml = (body: Buffer) => /^\s*</.test(body.subarray(0, 512).toString('latin1'));

/**
 * Reads the page behind a link through the guarded fetcher: its title, description, site name and
 * readable text, its icon (as a small `data:` picture) and its preview picture (as a thumbnail). A link
 * to a PDF or a text file gets its text, to a picture a thumbnail.
 */
async function previewOf(url: string, knownIcon: unknown, allowed: (address: string) => boolean) {
  const [
    { readPage, decodePage },
    { iconDataUrl },
    { makeThumbnail, makesThumbnail },
    { extractsText },
    { extractText },
    { baseMimeType },
  ] = await Promise.all([
    import('./page-reader.js'),
    import('./site-icon.js'),
    import('../processing/thumbnail.js'),
    import('../processing/extract-text.js'),
    // Parsed in the sandbox: a linked file is as hostile as an uploaded one.
    import('../processing/sandboxed.js'),
    import('../processing/mime.js'),
  ]);
  const fetchAs = (address: string, limits: typeof PAGE, accept: string) =>
    guardedFetch(address, { ...limits, accept, userAgent: USER_AGENT, isAllowed: allowed });

  const page = await fetchAs(url, PAGE, 'text/html, application/xhtml+xml;q=0.9, */*;q=0.5');
  const type = baseMimeType(page.contentType);
  const preview: Preview = {
    finalUrl: page.url,
    contentType: type,
    title: null,
    description: null,
    siteName: null,
    icon: null,
    picture: null,
    text: null,
  };
  let iconUrls: string[] = [];
  let pictureUrl: string | null = null;
  if (type === 'text/html' || type === 'application/xhtml+xml' || (!type && looksLikeHtml(page.body))) {
    const facts = await readPage(decodePage(page.body, page.contentType), page.url);
    Object.assign(preview, {
      title: facts.title,
      description: facts.description,
      siteName: facts.siteName,
      text: facts.text,
    });
    iconUrls = facts.iconUrls;
    pictureUrl = facts.imageUrl;
  } else {
    preview.title = fileNameOf(page.url);
    if (extractsText(type)) preview.text = await extractText(page.body, type).catch(() => null);
    if (makesThumbnail(type)) preview.picture = await makeThumbnail(page.body, type).catch(() => null);
    iconUrls = [new URL('/favicon.ico', page.url).href];
  }
  if (typeof knownIcon === 'string') iconUrls.splice(Math.max(0, iconUrls.length - 1), 0, knownIcon);

  for (const address of [...new Set(iconUrls)].slice(0, MAX_ICON_TRIES)) {
    const icon = await fetchAs(address, ICON, 'image/*')
      .then((answer) => iconDataUrl(answer.body))
      .catch(() => null);
    if (icon) {
      preview.icon = icon;
      break;
    }
  }
  if (pictureUrl) {
    preview.picture = await fetchAs(pictureUrl, PICTURE, 'image/*')
      .then((answer) => {
        const pictureType = baseMimeType(answer.contentType);
        return makeThumbnail(answer.body, makesThumbnail(pictureType) ? pictureType : 'image/png');
      })
      .catch(() => null);
  }
  return preview;
}

/** Records why a link has no preview (the page refused, is private, or never answered). */
export async function markPreviewFailed(db: Db, objectId: string, error: Error): Promise<void> {
  await db
    .update(objects)
    .set({ jobState: 'failed', jobError: error.message.slice(0, MAX_ERROR_CHARS), updatedAt: sql`now()` })
    .where(eq(objects.id, objectId));
}

/**
 * Previews a saved link in the background: the page's title names the link when the user gave it no
 * name, its description, site name and icon join the item's metadata, its preview picture becomes the
 * item's thumbnail and (for a plain link) its readable text the item's text, so search finds the link by
 * what the page says. A page that refuses for good (a private address, a 404) is recorded at once; one
 * that may answer later (unreachable, slow, a 5xx) throws so the queue tries again.
 */
export function createLinkPreviewer({ db, blobs, allowPrivate }: LinkPreviewDeps): LinkPreviewer {
  const allowed = allowPrivate ? () => true : isPublicAddress;
  return async (objectId) => {
    const [row] = await db
      .select({
        id: objects.id,
        ownerId: objects.ownerId,
        dataType: objects.dataType,
        url: objects.url,
        metadata: objects.metadata,
        thumbnailKey: objects.thumbnailKey,
      })
      .from(objects)
      .where(eq(objects.id, objectId));
    if (!row?.url || !LINK_TYPES.has(row.dataType as DataType)) return; // deleted, or no longer a link
    const url = row.url;
    const stillThisAddress = and(eq(objects.id, objectId), eq(objects.url, url));
    await db.update(objects).set({ jobState: 'running', jobError: null }).where(stillThisAddress);

    let preview: Preview;
    try {
      preview = await previewOf(url, row.metadata.favicon_url, allowed);
    } catch (error) {
      if (error instanceof FetchRefused && !error.transient) return markPreviewFailed(db, objectId, error);
      throw error;
    }

    const thumbnailKey = preview.picture ? `${row.ownerId}/thumbs/${row.id}.webp` : null;
    if (thumbnailKey && preview.picture) await blobs.putAt(thumbnailKey, preview.picture, 'image/webp');
    const facts = {
      ...(preview.siteName && { site_name: preview.siteName }),
      ...(preview.icon && { favicon: preview.icon }),
      ...(preview.title && { page_title: preview.title }),
      preview_url: preview.finalUrl,
      previewed_at: new Date().toISOString(),
    };
    const updated = await db
      .update(objects)
      .set({
        // The page's title names a link its user did not name (its name is still its address).
        ...(preview.title && {
          name: sql`CASE WHEN ${objects.name} = ${objects.url} THEN ${preview.title} ELSE ${objects.name} END`,
        }),
        // What the page says of itself, unless the item already says it (the extension saw the page as shown).
        metadata: preview.description
          ? sql`jsonb_build_object('description', ${preview.description}::text) || ${objects.metadata} || ${JSON.stringify(facts)}::jsonb`
          : sql`${objects.metadata} || ${JSON.stringify(facts)}::jsonb`,
        ...(row.dataType === 'url_object' && { content: preview.text }),
        thumbnailKey,
        jobState: 'done',
        jobError: null,
        updatedAt: sql`now()`,
      })
      .where(stillThisAddress)
      .returning({ id: objects.id });
    if (updated.length === 0) {
      // Deleted or given another address meanwhile: this preview is of nothing.
      if (thumbnailKey) await blobs.delete(thumbnailKey);
      return;
    }
    if (row.thumbnailKey && row.thumbnailKey !== thumbnailKey) await blobs.delete(row.thumbnailKey);
  };
}
