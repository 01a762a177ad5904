// A 153 KB Word file whose word/document.xml unpacks to 50 MB: text extraction once ran out of heap on it.
import { strToU8, zipSync } from 'fflate';

export const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
export const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

/** A .docx whose document holds `mb` megabytes of one short run repeated. */
export function wordBomb(mb) {
  const run = '<w:r><w:t>a</w:t></w:r>';
  const head =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p>';
  const tail = '</w:p></w:body></w:document>';
  const xml = head + run.repeat(Math.ceil((mb * 1024 * 1024) / run.length)) + tail;
  return zipSync(
    {
      '[Content_Types].xml': strToU8(CONTENT_TYPES),
      '_rels/.rels': strToU8(RELS),
      'word/document.xml': strToU8(xml),
    },
    { level: 9 },
  );
}

export default {
  name: 'docx-50mb-xml',
  what: 'a Word file whose document.xml unpacks to 50 MB',
  /** Made before the clock starts: the bench's own event loop times the others' requests. */
  prepare: () => wordBomb(50),
  async run(ctx, bytes) {
    const item = await ctx.upload(
      'bomb.docx',
      bytes,
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const done = await ctx.waitFor(item.id, (o) => o.job_state === 'done' || o.job_state === 'failed');
    return {
      outcome: `${Math.round(bytes.length / 1024)} KB upload → ${done.job_state}${done.job_error ? `: ${done.job_error}` : ''}`,
    };
  },
};
