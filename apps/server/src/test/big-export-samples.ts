import { paperlessManifest } from './paperless-samples.js';

/**
 * Exports far larger than a person's, for the limits of moving in: generated small records, so a test
 * builds and reads them in seconds.
 */

/**
 * A Paperless-ngx manifest of `records` records: the sample instance's three documents (their files
 * beside it as `paperlessFiles()` has them) and, to make up the number, tags, or with `documents`
 * that many more documents whose files the export lacks.
 */
export function bigPaperlessManifest(records: number, documents = 0): Record<string, unknown>[] {
  const manifest = paperlessManifest();
  for (let i = 0; i < documents; i++) {
    manifest.push({
      model: 'documents.document',
      pk: 1000 + i,
      fields: { title: `Scan ${i}`, created: '2024-01-02', tags: [] },
      __exported_file_name__: `absent/${i}.pdf`,
    });
  }
  for (let pk = 1000; manifest.length < records; pk++) {
    manifest.push({ model: 'documents.tag', pk, fields: { name: `tag ${pk}` } });
  }
  return manifest;
}

/** A Linkwarden export of `chains` chains of collections each `depth` deep (`chains × depth` collections). */
export function nestedLinkwarden(chains: number, depth: number, linksInEach = 0): string {
  const collections: Record<string, unknown>[] = [];
  let id = 1;
  for (let c = 0; c < chains; c++) {
    for (let d = 0; d < depth; d++, id++) {
      collections.push({
        id,
        name: `Chain ${c} level ${d}`,
        parentId: d === 0 ? null : id - 1,
        links: Array.from({ length: linksInEach }, (_, n) => ({
          id: id * 1000 + n,
          name: `Link ${n}`,
          url: `https://example.org/${id}/${n}`,
          tags: [],
        })),
      });
    }
  }
  return JSON.stringify({ collections });
}

/** A bookmarks file of `links` links in `folders` folders. */
export function bigBookmarks(links: number, folders: number): string {
  const lines = [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<TITLE>Bookmarks</TITLE>',
    '<H1>Bookmarks</H1>',
    '<DL><p>',
  ];
  for (let f = 0; f < folders; f++) {
    lines.push(`<DT><H3>Folder ${f}</H3>`, '<DL><p>');
    for (let i = f; i < links; i += folders) {
      lines.push(`<DT><A HREF="https://example.org/page/${i}" ADD_DATE="1700000000">Page ${i}</A>`);
    }
    lines.push('</DL><p>');
  }
  lines.push('</DL><p>');
  return lines.join('\n');
}
