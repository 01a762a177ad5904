// A PDF whose one page's content stream inflates from 1 MB to 1 GB of spaces: its text read, then its
// thumbnail drawn (pdf.js inflates streams into typed arrays, memory a worker's heap limit does not count).
import { deflateSync } from 'node:zlib';

export function pdfBomb(mb = 1024) {
  const inflated = Buffer.alloc(mb * 1024 * 1024, 0x20);
  const stream = deflateSync(inflated, { level: 9 });
  const head = [
    '%PDF-1.4\n',
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n',
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>\nendobj\n',
    `4 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`,
  ].join('');
  const tail = '\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n';
  return Buffer.concat([Buffer.from(head, 'latin1'), stream, Buffer.from(tail, 'latin1')]);
}

export default {
  name: 'pdf-flate-stream',
  what: 'a 1 MB PDF whose page content inflates to 1 GB',
  prepare: () => pdfBomb(),
  async run(ctx, bytes) {
    const item = await ctx.upload('statement.pdf', bytes, 'application/pdf');
    const done = await ctx.waitFor(item.id, (o) => o.job_state === 'done' || o.job_state === 'failed');
    return {
      outcome: `${Math.round(bytes.length / 1024)} KB upload → ${done.job_state}${done.job_error ? `: ${done.job_error}` : ''}`,
    };
  },
};
