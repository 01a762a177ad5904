import type { Recommendation } from '@easio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objects } from '../db/schema.js';
import { DB_KINDS } from '../test/databases.js';
import { completion, startFakeModelServer } from '../test/fake-model-server.js';
import { buildTestApp, signedInUser, type TestApp } from '../test/test-app.js';

describe.each(DB_KINDS)('binder names refined by a configured model on %s', (kind) => {
  let t: TestApp;
  let model: Awaited<ReturnType<typeof startFakeModelServer>>;

  beforeAll(async () => {
    model = await startFakeModelServer(() => completion('Goa holiday'));
    t = await buildTestApp(kind, {
      recommend: true,
      env: { LOG_LEVEL: 'error', RECOMMEND_AFTER_SECONDS: '0', AI_BASE_URL: model.baseUrl, AI_MODEL: 'tiny' },
    });
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  it("offers the model's name first for a new group, and asks nothing about existing binders", async () => {
    const me = await signedInUser(t.app);
    const root = me.info.root_folder as string;
    const ownerId = me.info.id as string;
    const [drawer] = await t.database.db
      .insert(objects)
      .values({ ownerId, parentId: root, dataType: 'drawer_object', name: 'Finance' })
      .returning();
    const [binder] = await t.database.db
      .insert(objects)
      .values({ ownerId, parentId: drawer?.id, dataType: 'binder_object', name: 'Bank' })
      .returning();
    const note = (name: string, content: string, parentId = root) => ({
      ownerId,
      parentId,
      dataType: 'note_object',
      name,
      content,
    });
    await t.database.db
      .insert(objects)
      .values([
        note('Bank statement March', 'Monthly bank statement, account balance and transfers.', binder?.id),
        note('Bank statement April', 'Monthly bank statement, account balance and transfers.', binder?.id),
        note('Bank statement May', 'Monthly bank statement, account balance and transfers.'),
        note('Goa hotel', 'Hotel booking in Palolem, Goa, beach hut for December.'),
        note('Goa flight', 'Flight booking to Goa airport for the December beach trip.'),
        note('Goa scooter', 'Scooter rental in Palolem, Goa, for the beach trip in December.'),
      ]);

    await t.app.inject({
      method: 'GET',
      url: '/api/recommendations/generate_recommendations',
      headers: me.auth,
    });
    await t.queue?.drain();
    const recs = (
      await t.app.inject({
        method: 'GET',
        url: '/api/recommendations/list_recommendations',
        headers: me.auth,
      })
    ).json() as Recommendation[];

    const trip = recs.find((r) => r.binder_id === null);
    expect(trip?.binder_name_options[0]).toBe('Goa holiday');
    expect(trip?.binder_name_options.length).toBeGreaterThan(1);
    const bank = recs.find((r) => r.binder_id === binder?.id);
    expect(bank?.binder_name_options[0]).toBe('Bank');
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]?.body.model).toBe('tiny');
  });
});
