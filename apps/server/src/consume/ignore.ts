/**
 * Names the scanner folder leaves alone, files and folders alike, as paperless-ngx's consumer does:
 * hidden entries (`.DS_Store`, macOS `._*` resource forks, `.~lock.*#` office locks, `.stfolder`,
 * `.Trash-1000`), NAS and OS housekeeping, and the names programs write under before renaming the
 * finished file (`*.part`, `*.crdownload`, `*.tmp`…).
 */
const HOUSEKEEPING = new Set([
  'thumbs.db',
  'desktop.ini',
  '@eadir',
  '@recycle',
  '#recycle',
  '#snapshot',
  '$recycle.bin',
  'lost+found',
]);
const UNFINISHED_SUFFIXES = [
  '.part',
  '.partial',
  '.crdownload',
  '.download',
  '.tmp',
  '.temp',
  '.swp',
  '.lock',
  '.filepart',
];

export function isIgnoredName(name: string): boolean {
  const lower = name.toLowerCase();
  if (lower.startsWith('.') || lower.startsWith('~$') || lower.endsWith('~')) return true;
  if (HOUSEKEEPING.has(lower)) return true;
  return UNFINISHED_SUFFIXES.some((suffix) => lower.endsWith(suffix));
}
