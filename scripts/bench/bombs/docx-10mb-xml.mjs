// The 31 KB Word file whose document.xml unpacks to 10 MB: once 17.8 s of every user stalled and 740 MB.
import { wordBomb } from './docx-50mb-xml.mjs';

export default {
  name: 'docx-10mb-xml',
  what: 'a Word file whose document.xml unpacks to 10 MB',
  /** Made before the clock starts: the bench's own event loop times the others' requests. */
  prepare: () => wordBomb(10),
  async run(ctx, bytes) {
    const item = await ctx.upload(
      'small-bomb.docx',
      bytes,
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const done = await ctx.waitFor(item.id, (o) => o.job_state === 'done' || o.job_state === 'failed');
    return {
      outcome: `${Math.round(bytes.length / 1024)} KB upload → ${done.job_state}${done.job_error ? `: ${done.job_error}` : ''}`,
    };
  },
};
