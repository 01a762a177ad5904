// A Paperless-ngx export whose manifest holds 130,000 small records: once a 500 (the records were
// joined by spreading them into push(), which overflows the stack). 65,000 documents whose files the
// export lacks and a note for each: checked at upload, then listed as failed in the background.
import { strToU8, zipSync } from 'fflate';
import { outcomeOf, uploadExport } from '../import-run.mjs';

const DOCUMENTS = 65_000;

export function paperless130k() {
  const records = [
    { model: 'documents.documenttype', pk: 1, fields: { name: 'Invoice' } },
    { model: 'documents.correspondent', pk: 1, fields: { name: 'ACME Power' } },
  ];
  for (let pk = 1; pk <= DOCUMENTS; pk += 1) {
    records.push({
      model: 'documents.document',
      pk,
      fields: { title: `Scan ${pk}`, created: '2024-01-02', document_type: 1, correspondent: 1, tags: [] },
      __exported_file_name__: `originals/${pk}.pdf`,
    });
    records.push({ model: 'documents.note', pk, fields: { note: `Paid ${pk}`, document: pk } });
  }
  return zipSync({ 'manifest.json': strToU8(JSON.stringify(records)) }, { level: 6 });
}

export default {
  name: 'paperless-130k-records',
  what: 'a Paperless-ngx export of 130,002 manifest records (65,000 documents without their files, a note each)',
  /** Made before the clock starts: the bench's own event loop times the others' requests. */
  prepare: () => paperless130k(),
  async run(ctx, bytes) {
    const answer = await uploadExport(ctx.base, ctx.auth, '/api/imports/paperless', 'export.zip', bytes);
    return {
      outcome: `${Math.round(bytes.length / 1024)} KB ZIP → ${await outcomeOf(ctx.base, ctx.auth, answer)}`,
    };
  },
};
