import { it } from 'vitest';
import { bigBookmarks, nestedLinkwarden } from '../../test/big-export-samples.js';
import { importSettled } from '../../test/imports.js';
import { multipartBody } from '../../test/multipart.js';
import { buildTestApp, signedInUser } from '../../test/test-app.js';

it('prof', { timeout: 900_000 }, async () => {
  const t = await buildTestApp('pglite', { imports: true });
  const me = await signedInUser(t.app);
  for (const [app, text] of [
    ['linkwarden', nestedLinkwarden(20, 100)],
    ['bookmarks', bigBookmarks(4000, 20)],
  ] as const) {
    const body = multipartBody([{ name: 'x', bytes: Buffer.from(text) }]);
    const t0 = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/imports/${app}`,
      headers: { ...me.auth, ...body.headers },
      payload: body.payload,
    });
    const t1 = performance.now();
    const run = await importSettled(t, me.auth, res.json<{ id: string }>().id);
    console.log(
      app,
      'check ms',
      Math.round(t1 - t0),
      'import ms',
      Math.round(performance.now() - t1),
      run.steps,
      JSON.stringify(run.counts),
    );
  }
  await t.close();
});
