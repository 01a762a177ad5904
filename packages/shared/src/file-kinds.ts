/**
 * What kind of file a file is, from its MIME type and its name's extension: one rule for the labels
 * the desk shows (PDF, Photo, Spreadsheet…), for how the viewer previews it and for which renderer
 * the server runs. A sniffed type that says something wins; a generic one (plain text, unknown bytes,
 * an OLE container) leaves the extension to decide.
 */

export const FILE_KINDS = [
  'pdf',
  'photo',
  'image',
  'spreadsheet',
  'document',
  'presentation',
  'audio',
  'video',
  'archive',
  'text',
  'code',
  'email',
  'calendar',
  'web_page',
  'file',
] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** How the viewer shows a file: in the page by the browser, rendered by the server, or not at all. */
export const PREVIEW_FORMATS = [
  'image',
  'pdf',
  'audio',
  'video',
  'document',
  'table',
  'text',
  'code',
  'none',
] as const;
export type PreviewFormat = (typeof PREVIEW_FORMATS)[number];

export const MIME_DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const MIME_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const MIME_PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
export const MIME_ODT = 'application/vnd.oasis.opendocument.text';
export const MIME_ODS = 'application/vnd.oasis.opendocument.spreadsheet';
export const MIME_ODP = 'application/vnd.oasis.opendocument.presentation';
export const MIME_OUTLOOK = 'application/vnd.ms-outlook';
export const MIME_CALENDAR = 'text/calendar';

const BY_MIME: Record<string, FileKind> = {
  'application/pdf': 'pdf',
  [MIME_DOCX]: 'document',
  'application/msword': 'document',
  [MIME_ODT]: 'document',
  'application/rtf': 'document',
  'text/rtf': 'document',
  [MIME_XLSX]: 'spreadsheet',
  'application/vnd.ms-excel': 'spreadsheet',
  [MIME_ODS]: 'spreadsheet',
  'text/csv': 'spreadsheet',
  'text/tab-separated-values': 'spreadsheet',
  [MIME_PPTX]: 'presentation',
  'application/vnd.ms-powerpoint': 'presentation',
  [MIME_ODP]: 'presentation',
  'application/zip': 'archive',
  'application/gzip': 'archive',
  'application/x-tar': 'archive',
  'application/x-7z-compressed': 'archive',
  'application/vnd.rar': 'archive',
  'application/x-rar-compressed': 'archive',
  'application/x-bzip2': 'archive',
  'application/x-xz': 'archive',
  'application/zstd': 'archive',
  'message/rfc822': 'email',
  [MIME_OUTLOOK]: 'email',
  [MIME_CALENDAR]: 'calendar',
  'text/html': 'web_page',
  'application/xhtml+xml': 'web_page',
  'text/markdown': 'text',
  'text/x-markdown': 'text',
  'application/json': 'code',
  'application/xml': 'code',
  'text/xml': 'code',
  'image/svg+xml': 'image',
};

const EXTENSIONS: [FileKind, string[]][] = [
  ['pdf', ['pdf']],
  ['photo', ['jpg', 'jpeg', 'png', 'gif', 'webp', 'heic', 'heif', 'avif', 'tif', 'tiff', 'bmp']],
  ['image', ['svg', 'ico']],
  ['document', ['docx', 'doc', 'odt', 'rtf', 'pages']],
  ['spreadsheet', ['xlsx', 'xls', 'xlsm', 'ods', 'csv', 'tsv', 'numbers']],
  ['presentation', ['pptx', 'ppt', 'odp', 'key']],
  ['audio', ['mp3', 'wav', 'ogg', 'oga', 'opus', 'm4a', 'aac', 'flac', 'weba']],
  ['video', ['mp4', 'm4v', 'webm', 'mov', 'mkv', 'avi', 'ogv']],
  ['archive', ['zip', 'gz', 'tgz', 'tar', '7z', 'rar', 'bz2', 'xz', 'zst']],
  ['email', ['eml', 'msg', 'mbox']],
  ['calendar', ['ics', 'ical', 'ifb']],
  ['web_page', ['html', 'htm', 'xhtml']],
  ['text', ['txt', 'md', 'markdown', 'log', 'text', 'rst']],
  [
    'code',
    [
      'js',
      'mjs',
      'cjs',
      'jsx',
      'ts',
      'mts',
      'cts',
      'tsx',
      'py',
      'rb',
      'go',
      'rs',
      'java',
      'kt',
      'kts',
      'scala',
      'c',
      'h',
      'cc',
      'cpp',
      'hpp',
      'cs',
      'php',
      'swift',
      'dart',
      'lua',
      'pl',
      'r',
      'sh',
      'bash',
      'zsh',
      'fish',
      'ps1',
      'bat',
      'sql',
      'json',
      'jsonc',
      'yaml',
      'yml',
      'toml',
      'ini',
      'cfg',
      'conf',
      'env',
      'xml',
      'css',
      'scss',
      'sass',
      'less',
      'vue',
      'svelte',
      'graphql',
      'gql',
      'proto',
      'dockerfile',
      'makefile',
      'gradle',
      'tf',
    ],
  ],
];
const KIND_OF_EXTENSION = new Map(EXTENSIONS.flatMap(([kind, exts]) => exts.map((e) => [e, kind] as const)));

/** Names that are code without an extension. */
const CODE_NAMES = new Set(['dockerfile', 'makefile', 'rakefile', 'gemfile', 'procfile', 'jenkinsfile']);

/** Types that tell nothing beyond "some bytes" or "some text": the name decides then. */
const GENERIC_TYPES = new Set([
  '',
  'application/octet-stream',
  'text/plain',
  'application/x-cfb',
  'application/zip',
]);

/** `Text/HTML; charset=utf-8` → `text/html`. */
export function baseMime(mimeType: string | null | undefined): string {
  return ((mimeType ?? '').split(';')[0] ?? '').trim().toLowerCase();
}

/** The lower-case extension of a file name (`Report.DOCX` → `docx`), '' when it has none. */
export function extensionOf(name: string | null | undefined): string {
  const last = (name ?? '').trim().split(/[\\/]/).pop() ?? '';
  const dot = last.lastIndexOf('.');
  return dot > 0 && dot < last.length - 1 ? last.slice(dot + 1).toLowerCase() : '';
}

function kindOfName(name: string | null | undefined): FileKind | undefined {
  const extension = extensionOf(name);
  if (extension) return KIND_OF_EXTENSION.get(extension);
  const bare = (name ?? '').trim().split(/[\\/]/).pop()?.toLowerCase() ?? '';
  return CODE_NAMES.has(bare) ? 'code' : undefined;
}

function kindOfMime(mime: string): FileKind | undefined {
  const known = BY_MIME[mime];
  if (known) return known;
  if (mime.startsWith('image/')) return 'photo';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('text/')) return 'text';
  return undefined;
}

/** The kind of a file from its MIME type and name. */
export function fileKindOf(file: { mime_type: string | null; name: string }): FileKind {
  const mime = baseMime(file.mime_type);
  const byName = kindOfName(file.name);
  if (GENERIC_TYPES.has(mime)) {
    // Plain text named like a picture or a PDF is still text: the name may only narrow what the bytes allow.
    if (mime === 'text/plain' && byName && !TEXT_KINDS.has(byName)) return 'text';
    return byName ?? (mime === 'text/plain' ? 'text' : mime === 'application/zip' ? 'archive' : 'file');
  }
  return kindOfMime(mime) ?? byName ?? 'file';
}

/** Kinds a plain-text file may be by its name. */
const TEXT_KINDS = new Set<FileKind>(['text', 'code', 'spreadsheet', 'calendar', 'email', 'web_page']);

/** Pictures browsers show (HEIC and TIFF they do not). */
const SHOWN_IMAGES = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
]);

/** Documents the server renders as HTML, by type or, for plain text, by name. */
const HTML_DOCUMENTS = new Set([MIME_DOCX, MIME_ODT, 'text/markdown', 'text/x-markdown']);
/** Spreadsheets the server reads into a table (SheetJS reads all of these). */
const TABLES = new Set([
  MIME_XLSX,
  'application/vnd.ms-excel',
  MIME_ODS,
  'text/csv',
  'text/tab-separated-values',
]);

/** How the viewer previews a file (see PREVIEW_FORMATS). */
export function previewFormatOf(file: { mime_type: string | null; name: string }): PreviewFormat {
  const mime = baseMime(file.mime_type);
  const kind = fileKindOf(file);
  if (SHOWN_IMAGES.has(mime)) return 'image';
  if (mime === 'application/pdf') return 'pdf';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('video/')) return 'video';
  if (HTML_DOCUMENTS.has(mime)) return 'document';
  if (TABLES.has(mime)) return 'table';
  if (mime === 'text/plain' || mime === 'application/json' || mime === 'text/xml') {
    const extension = extensionOf(file.name);
    if (extension === 'md' || extension === 'markdown') return 'document';
    if (extension === 'csv' || extension === 'tsv') return 'table';
    if (kind === 'code') return 'code';
    return 'text';
  }
  if (mime === MIME_CALENDAR) return 'text';
  return 'none';
}
