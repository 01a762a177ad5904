import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objects } from '../../db/schema.js';
import { bigPaperlessManifest, nestedLinkwarden } from '../../test/big-export-samples.js';
import { DB_KINDS } from '../../test/databases.js';
import { importDone, moveInSummary } from '../../test/imports.js';
import { multipartBody } from '../../test/multipart.js';
import { paperlessZip } from '../../test/paperless-samples.js';
import { buildTestApp, signedInUser, type TestApp } from '../../test/test-app.js';

type User = Awaited<ReturnType<typeof signedInUser>>;

describe.each(DB_KINDS)('exports far larger than a person’s, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { imports: true });
  });
  afterAll(() => t.close());

  const upload = (who: User, app: string, name: string, bytes: Buffer) => {
    const body = multipartBody([{ name, bytes }]);
    return t.app.inject({
      method: 'POST',
      url: `/api/imports/${app}`,
      headers: { ...who.auth, ...body.headers },
      payload: body.payload,
    });
  };
  const objectsOf = (who: User) =>
    t.database.db
      .select({ name: objects.name, dataType: objects.dataType })
      .from(objects)
      .where(eq(objects.ownerId, who.info.id as string));

  it('moves in a Paperless-ngx export whose manifest holds 130,000 records', {
    timeout: 180_000,
  }, async () => {
    const me = await signedInUser(t.app);
    const zip = await paperlessZip(bigPaperlessManifest(130_000));
    const res = await upload(me, 'paperless', 'export.zip', zip);
    expect(res.statusCode, res.body).toBe(202);
    const run = await importDone(t, me.auth, res);
    expect(run.state).toBe('done');
    expect(moveInSummary(run)).toMatchObject({ links: 3, imported: 8, failed: 0 });
  });

  it('refuses a Paperless-ngx export of more than 100,000 documents with a 422, storing nothing', {
    timeout: 180_000,
  }, async () => {
    const me = await signedInUser(t.app);
    const zip = await paperlessZip(bigPaperlessManifest(130_001, 100_001));
    const res = await upload(me, 'paperless', 'export.zip', zip);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json<{ detail: string }>().detail).toMatch(/more than 100,000 entries/);
    expect((await objectsOf(me)).map((o) => o.dataType)).toEqual(['root_object']);
  });

  it('counts folders against the cap: 10,000 collections and 90,001 links are refused', {
    timeout: 180_000,
  }, async () => {
    const me = await signedInUser(t.app);
    const file = JSON.parse(nestedLinkwarden(10_000, 1)) as { collections: { links: unknown[] }[] };
    (file.collections[0] as { links: unknown[] }).links = Array.from({ length: 90_001 }, (_, n) => ({
      id: n + 1,
      name: `Link ${n}`,
      url: `https://example.org/${n}`,
    }));
    const res = await upload(me, 'linkwarden', 'backup.json', Buffer.from(JSON.stringify(file)));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json<{ detail: string }>().detail).toBe(
      'The export holds more than 100,000 entries (links and folders together)',
    );
    expect((await objectsOf(me)).map((o) => o.dataType)).toEqual(['root_object']);
  });

  it('refuses 20,000 nested collections, in one chain or in many, answering others meanwhile', {
    timeout: 180_000,
  }, async () => {
    const me = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    for (const [chains, depth] of [
      [1, 20_000],
      [200, 100],
    ] as const) {
      const file = Buffer.from(nestedLinkwarden(chains, depth));
      let checked = false;
      const uploading = upload(me, 'linkwarden', 'backup.json', file).then((res) => {
        checked = true;
        return res;
      });
      const meanwhile = await t.app.inject({
        method: 'GET',
        url: `/api/desk/folders/${other.info.root_folder as string}/children`,
        headers: other.auth,
      });
      expect(meanwhile.statusCode).toBe(200);
      expect(checked, 'another request was answered while the file was checked').toBe(false);
      const res = await uploading;
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json<{ detail: string }>().detail).toMatch(/more than 10,000 folders/);
    }
    expect((await objectsOf(me)).map((o) => o.dataType)).toEqual(['root_object']);
    const sources = await t.app.inject({ method: 'GET', url: '/api/sources', headers: me.auth });
    expect(JSON.stringify(sources.json())).not.toContain('linkwarden');
  });
});
