// A Word file that packs like a real document (ratio ~8) but splits its text into 2 million runs: no
// ratio check can tell it from a long report, so only the parsing worker's heap limit stops it.
import { strToU8, zipSync } from 'fflate';
import { CONTENT_TYPES, RELS } from './docx-50mb-xml.mjs';

export function denseRuns(paragraphs = 50_000, runs = 40) {
  let x = 7;
  const word = () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x.toString(36).slice(0, 3 + (x % 6));
  };
  const body = [];
  for (let p = 0; p < paragraphs; p += 1) {
    const parts = [];
    for (let r = 0; r < runs; r += 1) parts.push(`<w:r><w:t>${word()} </w:t></w:r>`);
    body.push(`<w:p>${parts.join('')}</w:p>`);
  }
  const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body.join('')}</w:body></w:document>`;
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
  name: 'docx-dense-runs',
  what: 'a Word file of 2 million runs that packs like a real document (its text read, then its preview)',
  /** Made before the clock starts: the bench's own event loop times the others' requests. */
  prepare: () => denseRuns(),
  async run(ctx, bytes) {
    const item = await ctx.upload(
      'minutes.docx',
      bytes,
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const done = await ctx.waitFor(item.id, (o) => o.job_state === 'done' || o.job_state === 'failed');
    const preview = await ctx.get(`/api/desk/objects/${item.id}/preview`);
    return {
      outcome: `${Math.round(bytes.length / 1024)} KB upload → ${done.job_state}${done.job_error ? `: ${done.job_error}` : ''}; preview ${preview.status} ${preview.json?.kind ?? ''}${preview.json?.message ? `: ${preview.json.message}` : ''}`,
    };
  },
};
