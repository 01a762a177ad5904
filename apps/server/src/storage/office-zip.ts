const LOCAL_FILE_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const OFFICE_TYPES: ReadonlyArray<[prefix: string, mimeType: string]> = [
  ['word/', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['xl/', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['ppt/', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
];

/**
 * file-type recognises OOXML from `[Content_Types].xml`, which Word writes first but other writers (e.g.
 * LibreOffice) write last, beyond the sniffed head. This reads the entry names of the local file headers
 * in the head: an OOXML package part (`[Content_Types].xml` or `_rels/.rels`) plus a `word/`, `xl/` or
 * `ppt/` entry tells the document kind.
 */
export function officeTypeFromZipHead(head: Uint8Array): string | undefined {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  const names: string[] = [];
  for (let at = bytes.indexOf(LOCAL_FILE_HEADER); at !== -1; at = bytes.indexOf(LOCAL_FILE_HEADER, at + 4)) {
    if (at + 30 > bytes.length) break;
    const nameLength = bytes.readUInt16LE(at + 26);
    names.push(bytes.toString('latin1', at + 30, Math.min(at + 30 + nameLength, bytes.length)));
  }
  if (!names.some((name) => name === '[Content_Types].xml' || name === '_rels/.rels')) return undefined;
  return OFFICE_TYPES.find(([prefix]) => names.some((name) => name.startsWith(prefix)))?.[1];
}
