// 20,000 Linkwarden collections nested in 200 chains 100 deep (1.3 MB): once more than two minutes of
// blocked server (folders were not counted against any cap, and each became a binder named by its path).
import { outcomeOf, uploadExport } from '../import-run.mjs';

export function nestedCollections(chains = 200, depth = 100) {
  const collections = [];
  let id = 1;
  for (let c = 0; c < chains; c += 1) {
    for (let d = 0; d < depth; d += 1, id += 1) {
      collections.push({ id, name: `c${id}`, parentId: d === 0 ? null : id - 1, links: [] });
    }
  }
  return Buffer.from(JSON.stringify({ collections }));
}

export default {
  name: 'linkwarden-nested-20k',
  what: '20,000 Linkwarden collections nested 100 deep in 200 chains (1.3 MB of JSON)',
  /** Made before the clock starts: the bench's own event loop times the others' requests. */
  prepare: () => nestedCollections(),
  async run(ctx, bytes) {
    const answer = await uploadExport(ctx.base, ctx.auth, '/api/imports/linkwarden', 'backup.json', bytes);
    return {
      outcome: `${Math.round(bytes.length / 1024)} KB → ${await outcomeOf(ctx.base, ctx.auth, answer)}`,
    };
  },
};
