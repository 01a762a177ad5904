import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.js';
import { DB_KINDS } from '../test/databases.js';
import { buildTestApp, signedInUser, type TestApp } from '../test/test-app.js';

type User = Awaited<ReturnType<typeof signedInUser>>;

/** Bodies that say they are multipart and are not, as a broken client or a probe sends them. */
const SHAPES: { name: string; contentType: string; body: string }[] = [
  { name: 'no boundary', contentType: 'multipart/form-data', body: 'abc' },
  { name: 'an empty boundary', contentType: 'multipart/form-data; boundary=', body: 'abc' },
  {
    name: 'a boundary the body never uses',
    contentType: 'multipart/form-data; boundary=xyz',
    body: '--abc\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\nhello\r\n--abc--\r\n',
  },
  {
    name: 'a body cut off inside a part',
    contentType: 'multipart/form-data; boundary=xyz',
    body: '--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\nhel',
  },
  {
    name: 'a body cut off inside the part headers',
    contentType: 'multipart/form-data; boundary=xyz',
    body: '--xyz\r\nContent-Disposition: form-da',
  },
];

const ID = '00000000-0000-4000-8000-000000000000';

/**
 * Every route with a body in the plugins that read multipart bodies: those that read files, and the
 * JSON routes beside them (a multipart parser is registered for their whole scope; routes that take no
 * body never read one). `signedOut` ones are called
 * without a session, as anyone can.
 */
const ROUTES: { method: 'POST' | 'PUT'; url: string; signedOut?: boolean }[] = [
  { method: 'POST', url: '/api/auth/token', signedOut: true },
  { method: 'POST', url: '/api/auth/signup', signedOut: true },
  { method: 'POST', url: '/api/auth/users/me/edit_profile' },
  { method: 'POST', url: '/api/account/picture' },
  { method: 'PUT', url: '/api/account/notifications' },
  { method: 'POST', url: '/api/account/delete' },
  { method: 'POST', url: '/api/desk/uploads' },
  { method: 'POST', url: '/api/desk/duplicates/link' },
  { method: 'POST', url: '/api/whatsapp/chat_exports' },
  { method: 'POST', url: `/api/whatsapp/chat_exports/${ID}/import` },
  { method: 'POST', url: '/api/calendars/ics' },
  { method: 'POST', url: '/api/mail/files' },
  { method: 'POST', url: '/api/mail/imap/connect' },
  { method: 'POST', url: '/api/mail/imap/password' },
];

describe.each(DB_KINDS)('malformed multipart bodies on %s', (kind) => {
  let t: TestApp;
  let me: User;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    me = await signedInUser(t.app);
  });
  afterAll(() => t.close());

  const objectCount = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM objects`))[0]?.n;

  it('are refused with a 4xx that says why, on every route, and change nothing', async () => {
    const before = await objectCount();
    const answers: string[] = [];
    for (const route of ROUTES) {
      for (const shape of SHAPES) {
        const res = await t.app.inject({
          method: route.method,
          url: route.url,
          headers: { 'content-type': shape.contentType, ...(route.signedOut ? {} : me.auth) },
          payload: shape.body,
        });
        const body = res.json() as { detail?: unknown };
        answers.push(`${route.method} ${route.url} with ${shape.name}: ${res.statusCode} ${body.detail}`);
        expect(res.statusCode, answers.at(-1)).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, answers.at(-1)).toBeLessThan(500);
        expect(typeof body.detail, answers.at(-1)).toBe('string');
      }
    }
    expect(await objectCount()).toBe(before);
    // The file routes say what is wrong with the body itself, never a wrong reason or a library's words.
    expect(answers.filter((a) => /reach .* limit|larger than a calendar/.test(a))).toEqual([]);
    expect(answers).toContain(
      'POST /api/desk/uploads with no boundary: 400 The multipart body has no boundary',
    );
    expect(answers).toContain(
      'POST /api/calendars/ics with a body cut off inside a part: 400 The multipart body is cut off or does not match its boundary',
    );
  });
});
