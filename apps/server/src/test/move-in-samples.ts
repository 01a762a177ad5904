/**
 * Exports of other apps as they write them, for the move-in tests: a Chrome bookmarks file (the
 * Netscape format every browser writes), Linkwarden's "Export data" JSON and Karakeep's export JSON.
 */

/** Chrome's "Export bookmarks": the bar, a folder three levels deep, a bookmarklet, descriptions. */
export const CHROME_BOOKMARKS = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<!-- This is an automatically generated file.
     It will be read and overwritten.
     DO NOT EDIT! -->
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
    <DT><H3 ADD_DATE="1672531200" LAST_MODIFIED="1700000000" PERSONAL_TOOLBAR_FOLDER="true">Bookmarks bar</H3>
    <DL><p>
        <DT><A HREF="https://news.ycombinator.com/" ADD_DATE="1672531300" ICON="data:image/png;base64,iVBORw0KGgo=">Hacker News</A>
        <DT><A HREF="javascript:(function(){alert('hi')})()" ADD_DATE="1672531400">Say hi</A>
        <DT><H3 ADD_DATE="1672531500" LAST_MODIFIED="1700000000">Recipes</H3>
        <DL><p>
            <DT><A HREF="https://www.bbcgoodfood.com/recipes/classic-lasagne" ADD_DATE="1675209600" TAGS="pasta,dinner">Classic lasagne &amp; salad</A>
            <DD>Grandma&#39;s favourite, double the sauce
            <DT><H3 ADD_DATE="1672531600">Italian</H3>
            <DL><p>
                <DT><H3 ADD_DATE="1672531700">Pasta</H3>
                <DL><p>
                    <DT><A HREF="https://www.seriouseats.com/cacio-e-pepe" ADD_DATE="1677628800">Cacio e pepe</A>
                </DL><p>
            </DL><p>
        </DL><p>
    </DL><p>
    <DT><H3 ADD_DATE="1672531800" LAST_MODIFIED="1700000000">Other bookmarks</H3>
    <DL><p>
        <DT><H3 ADD_DATE="1672531900">Work</H3>
        <DL><p>
            <DT><A HREF="https://github.com/" ADD_DATE="1680307200">GitHub</A>
            <DT><A HREF="https://github.com/" ADD_DATE="1680307200">GitHub</A>
        </DL><p>
    </DL><p>
</DL><p>
`;

/** Firefox's export: the menu's links at the top, the toolbar flagged as such. */
export const FIREFOX_BOOKMARKS = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'none'; img-src data: *; object-src 'none'"></meta>
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks Menu</H1>
<DL><p>
    <DT><A HREF="https://www.mozilla.org/en-US/firefox/central/" ADD_DATE="1690000000" LAST_MODIFIED="1690000001" SHORTCUTURL="moz">Getting Started</A>
    <DT><H3 ADD_DATE="1690000000" LAST_MODIFIED="1690000002" PERSONAL_TOOLBAR_FOLDER="true">Bookmarks Toolbar</H3>
    <DL><p>
        <DT><H3 ADD_DATE="1690000003" LAST_MODIFIED="1690000004">Travel</H3>
        <DL><p>
            <DT><A HREF="https://www.rome2rio.com/" ADD_DATE="1690000005" TAGS="trains">Rome2rio</A>
        </DL><p>
        <DT><A HREF="place:sort=8&maxResults=10" ADD_DATE="1690000006">Most Visited</A>
    </DL><p>
</DL>
`;

/** Pocket's export (`ril_export.html`): a plain list of links with `time_added`. */
export const POCKET_EXPORT = `<!DOCTYPE html>
<html><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8" /><title>Pocket Export</title></head>
<body>
<h1>Unread</h1>
<ul>
<li><a href="https://example.org/long-read" time_added="1600000000" tags="reading">A long read</a></li>
</ul>
<h1>Read Archive</h1>
<ul>
</ul>
</body></html>`;

/** Folders nested `depth` deep, one link at the bottom. */
export function deepBookmarks(depth: number): string {
  const open = Array.from({ length: depth }, (_, i) => `<DT><H3>Level ${i}</H3>\n<DL><p>\n`).join('');
  const close = '</DL><p>\n'.repeat(depth);
  return `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${open}<DT><A HREF="https://example.org/">Bottom</A>\n${close}</DL><p>\n`;
}

/** Linkwarden's "Export data" (`migration/exportData.ts`): the user with collections and their links. */
export function linkwardenExport(): Record<string, unknown> {
  const tag = (id: number, name: string) => ({
    id,
    name,
    ownerId: 7,
    createdAt: '2024-01-02T10:00:00.000Z',
    updatedAt: '2024-01-02T10:00:00.000Z',
  });
  const link = (id: number, collectionId: number, fields: Record<string, unknown>) => ({
    id,
    name: '',
    type: 'url',
    description: '',
    createdById: 7,
    collectionId,
    icon: null,
    iconWeight: null,
    color: null,
    url: null,
    textContent: null,
    preview: null,
    image: null,
    pdf: null,
    readable: null,
    monolith: null,
    lastPreserved: null,
    importDate: null,
    createdAt: '2024-03-01T09:30:00.000Z',
    updatedAt: '2024-03-01T09:30:00.000Z',
    tags: [],
    ...fields,
  });
  const collection = (id: number, name: string, parentId: number | null, links: unknown[]) => ({
    id,
    name,
    description: '',
    icon: null,
    iconWeight: null,
    color: '#0ea5e9',
    parentId,
    isPublic: false,
    ownerId: 7,
    createdById: 7,
    createdAt: '2024-01-01T08:00:00.000Z',
    updatedAt: '2024-01-01T08:00:00.000Z',
    rssSubscriptions: [],
    links,
  });
  return {
    name: 'Ada',
    username: 'ada',
    email: 'ada@example.org',
    emailVerified: null,
    image: '',
    locale: 'en',
    collections: [
      collection(1, 'Unorganized', null, [
        link(11, 1, { name: 'Linkwarden docs', url: 'https://docs.linkwarden.app/' }),
      ]),
      collection(2, 'Research', null, [
        link(21, 2, {
          name: 'Attention is all you need',
          url: 'https://arxiv.org/abs/1706.03762',
          description: 'The transformer paper',
          tags: [tag(1, 'ml'), tag(2, 'papers')],
          importDate: '2019-05-04T12:00:00.000Z',
        }),
      ]),
      collection(3, 'Vision', 2, [
        link(31, 3, { name: 'ResNet', url: 'https://arxiv.org/abs/1512.03385', tags: [tag(1, 'ml')] }),
        link(32, 3, { name: 'Broken', url: 'ftp://files.example.org/x' }),
        link(33, 3, {
          name: 'Scan.pdf',
          type: 'pdf',
          description: 'Uploaded scan',
          pdf: 'archives/3/33.pdf',
        }),
      ]),
      collection(4, 'Detection', 3, [link(41, 4, { name: 'YOLO', url: 'https://arxiv.org/abs/1506.02640' })]),
    ],
    pinnedLinks: [],
    whitelistedUsers: [],
  };
}

/** A Linkwarden export whose collections nest `depth` deep by `parentId`. */
export function deepLinkwarden(depth: number): string {
  const collections = Array.from({ length: depth }, (_, i) => ({
    id: i + 1,
    name: `Level ${i}`,
    parentId: i === 0 ? null : i,
    links: i === depth - 1 ? [{ id: 1, name: 'Bottom', url: 'https://example.org/', tags: [] }] : [],
  }));
  return JSON.stringify({ collections });
}

/** Karakeep's export (`packages/shared/import-export/exporters.ts`): bookmarks and lists. */
export function karakeepExport(): Record<string, unknown> {
  return {
    bookmarks: [
      {
        createdAt: 1717243200,
        title: 'Karakeep on GitHub',
        tags: ['self-hosted', 'tools'],
        lists: ['l-reading', 'l-later'],
        content: { type: 'link', url: 'https://github.com/karakeep-app/karakeep' },
        note: 'Try the browser extension',
        customMetadata: null,
        archived: false,
      },
      {
        createdAt: 1717329600,
        title: null,
        tags: [],
        lists: [],
        content: { type: 'text', text: 'Buy oat milk and coffee beans' },
        note: null,
        archived: true,
      },
      {
        createdAt: 1717416000,
        title: 'Rust async book',
        tags: ['rust'],
        lists: ['l-rust'],
        content: { type: 'link', url: 'https://rust-lang.github.io/async-book/' },
        note: null,
        archived: false,
      },
      {
        createdAt: 1717502400,
        title: 'Scanned receipt',
        tags: [],
        lists: [],
        content: null,
        note: null,
        archived: false,
      },
    ],
    lists: [
      {
        id: 'l-reading',
        name: 'Reading',
        description: null,
        icon: '📚',
        type: 'manual',
        query: null,
        parentId: null,
      },
      {
        id: 'l-rust',
        name: 'Rust',
        description: null,
        icon: '🦀',
        type: 'manual',
        query: null,
        parentId: 'l-reading',
      },
      {
        id: 'l-later',
        name: 'Read later',
        description: null,
        icon: '⏰',
        type: 'manual',
        query: null,
        parentId: null,
      },
      {
        id: 'l-smart',
        name: 'Untagged',
        description: null,
        icon: '🔍',
        type: 'smart',
        query: '-has:tag',
        parentId: null,
      },
    ],
  };
}
