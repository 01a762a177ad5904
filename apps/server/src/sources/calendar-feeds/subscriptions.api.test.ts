import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { calendarUrlSchema } from '@easio/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objects } from '../../db/schema.js';
import { DB_KINDS } from '../../test/databases.js';
import { buildTestApp, signedInUser, type TestApp } from '../../test/test-app.js';
import { fetchCalendar } from './fetch-calendar.js';

type User = Awaited<ReturnType<typeof signedInUser>>;
const year = new Date().getUTCFullYear();

const event = (uid: string, summary: string, day = '15') => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  `DTSTART:${year}12${day}T180000Z`,
  `DTEND:${year}12${day}T200000Z`,
  `SUMMARY:${summary}`,
  'END:VEVENT',
];
const calendar = (name: string, ...events: string[][]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', `X-WR-CALNAME:${name}`, ...events.flat(), 'END:VCALENDAR'].join('\r\n');

/** A calendar host on loopback whose feeds the tests change, and whose next answer for a path they can hold. */
function startFeedServer() {
  const feeds = new Map<string, { type: string; body: string }>();
  const held = new Map<string, { arrived: () => void; release: Promise<void> }>();
  const server = http.createServer(async (req, res) => {
    const hold = held.get(req.url ?? '');
    if (hold) {
      held.delete(req.url ?? '');
      hold.arrived();
      await hold.release;
    }
    const feed = feeds.get(req.url ?? '');
    if (!feed) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': feed.type }).end(feed.body);
  });
  /** Holds the next request for `path` until `release()`; `arrived` resolves once it came. */
  const hold = (path: string) => {
    let release = () => {};
    let arrived = () => {};
    const came = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    held.set(path, {
      arrived,
      release: new Promise<void>((resolve) => {
        release = resolve;
      }),
    });
    return { arrived: came, release: () => release() };
  };
  return new Promise<{
    base: string;
    feeds: typeof feeds;
    hold: typeof hold;
    close: () => Promise<void>;
  }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        base: `127.0.0.1:${(server.address() as AddressInfo).port}`,
        feeds,
        hold,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

describe('fetchCalendar', () => {
  it('refuses loopback and private addresses unless the server allows them', async () => {
    const host = await startFeedServer();
    host.feeds.set('/a.ics', { type: 'text/calendar', body: calendar('A', event('1', 'One')) });
    try {
      await expect(fetchCalendar(`http://${host.base}/a.ics`, { allowPrivate: false })).rejects.toThrow(
        '127.0.0.1 is not on the public internet',
      );
      await expect(fetchCalendar('http://10.0.0.1/cal.ics', { allowPrivate: false })).rejects.toThrow(
        '10.0.0.1 is not on the public internet',
      );
      expect((await fetchCalendar(`http://${host.base}/a.ics`, { allowPrivate: true })).name).toBe('A');
    } finally {
      await host.close();
    }
  });
});

describe.each(DB_KINDS)('calendar subscriptions on %s', (kind) => {
  let t: TestApp;
  let host: Awaited<ReturnType<typeof startFeedServer>>;
  beforeAll(async () => {
    host = await startFeedServer();
    t = await buildTestApp(kind, { sources: true, env: { ALLOW_PRIVATE_ADDRESSES: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
    await host?.close();
  });

  const subscribe = (me: User, url: string) =>
    t.app.inject({ method: 'POST', url: '/api/calendars/subscriptions', headers: me.auth, payload: { url } });
  const list = async (me: User) =>
    (await t.app.inject({ method: 'GET', url: '/api/calendars/subscriptions', headers: me.auth })).json()
      .subscriptions;
  const refresh = async (me: User) => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/sources/webcal/sync', headers: me.auth })).statusCode,
    ).toBe(202);
    await t.queue?.drain();
  };
  const events = async (me: User) =>
    (
      await t.database.db
        .select()
        .from(objects)
        .where(and(eq(objects.ownerId, me.info.id as string), eq(objects.source, 'calendar')))
    )
      .map((o) => o.name)
      .sort();

  it('subscribes to a webcal:// address, then follows changes and deletions at each refresh', async () => {
    const me = await signedInUser(t.app);
    host.feeds.set('/family.ics', {
      type: 'text/calendar',
      body: calendar('Family', event('dinner', 'Dinner'), event('party', 'Party', '20')),
    });
    // webcal:// is the same feed over https (the test host speaks plain http, so it is given as such).
    expect(calendarUrlSchema.parse(`webcal://${host.base}/family.ics`)).toBe(
      `https://${host.base}/family.ics`,
    );
    const res = await subscribe(me, `http://${host.base}/family.ics`);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ url: `http://${host.base}/family.ics`, name: 'Family' });
    await t.queue?.drain();
    expect(await events(me)).toEqual(['Dinner', 'Party']);
    expect(await list(me)).toMatchObject([{ name: 'Family', events: 2, last_error: null }]);

    host.feeds.set('/family.ics', {
      type: 'text/calendar',
      body: calendar('Family', event('dinner', 'Dinner at eight'), event('walk', 'Walk', '21')),
    });
    await refresh(me);
    expect(await events(me)).toEqual(['Dinner at eight', 'Walk']);

    // The feed goes away: its events stay, and the subscription says why.
    host.feeds.delete('/family.ics');
    await refresh(me);
    expect(await events(me)).toEqual(['Dinner at eight', 'Walk']);
    expect(await list(me)).toMatchObject([{ events: 2, last_error: 'The page was not found (404)' }]);
  });

  it('removes an event the feed cancels, and keeps one it can no longer read', async () => {
    const me = await signedInUser(t.app);
    const cancelled = (uid: string, summary: string) => [
      ...event(uid, summary).slice(0, -1),
      'STATUS:CANCELLED',
      'END:VEVENT',
    ];
    host.feeds.set('/club.ics', {
      type: 'text/calendar',
      body: calendar('Club', event('meet', 'Meeting'), event('talk', 'Talk', '16')),
    });
    expect((await subscribe(me, `http://${host.base}/club.ics`)).statusCode).toBe(201);
    await t.queue?.drain();
    expect(await events(me)).toEqual(['Meeting', 'Talk']);
    host.feeds.set('/club.ics', {
      type: 'text/calendar',
      body: calendar('Club', cancelled('meet', 'Meeting'), [
        'BEGIN:VEVENT',
        'UID:talk',
        'SUMMARY:Talk',
        'END:VEVENT',
      ]),
    });
    await refresh(me);
    expect(await events(me)).toEqual(['Talk']);
    expect(await list(me)).toMatchObject([{ name: 'Club', events: 0, last_error: null }]);
  });

  it('does not bring back the events of a calendar unsubscribed while a refresh was fetching it', async () => {
    const me = await signedInUser(t.app);
    host.feeds.set('/late.ics', {
      type: 'text/calendar',
      body: calendar('Late', event('late', 'Late show')),
    });
    const late = (await subscribe(me, `http://${host.base}/late.ics`)).json();
    await t.queue?.drain();
    expect(await events(me)).toEqual(['Late show']);

    const held = host.hold('/late.ics');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/sources/webcal/sync', headers: me.auth })).statusCode,
    ).toBe(202);
    await held.arrived;
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/calendars/subscriptions/${late.id}?delete_events=true`,
      headers: me.auth,
    });
    expect(gone.json()).toEqual({ deleted_items: 1 });
    held.release();
    await t.queue?.drain();
    expect(await events(me)).toEqual([]);
  });

  it('refuses what is not a calendar, a second subscription to one address and a bad address', async () => {
    const me = await signedInUser(t.app);
    host.feeds.set('/page.html', { type: 'text/html', body: '<html><body>Hello</body></html>' });
    host.feeds.set('/work.ics', { type: 'text/calendar', body: calendar('Work', event('x', 'Standup')) });
    const page = await subscribe(me, `http://${host.base}/page.html`);
    expect(page.statusCode).toBe(422);
    expect(page.json().detail).toBe('That address does not hold a calendar (an .ics feed)');
    expect((await subscribe(me, `http://${host.base}/missing.ics`)).json().detail).toBe(
      'The page was not found (404)',
    );
    const ftp = await subscribe(me, 'ftp://example.org/cal.ics');
    expect(ftp.statusCode).toBe(422);
    expect(ftp.json().detail).toBe('url: Enter an address starting with https:// or webcal://');
    expect((await subscribe(me, `http://${host.base}/work.ics`)).statusCode).toBe(201);
    const twice = await subscribe(me, `http://${host.base}/work.ics`);
    expect(twice.statusCode).toBe(409);
    expect(await list(me)).toHaveLength(1);
  });

  it('caps a calendar of 100,000 recurrences, and unsubscribes with or without its events', async () => {
    const me = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const endless = [
      'BEGIN:VEVENT',
      'UID:every-minute',
      `DTSTART:${year}0101T000000Z`,
      'RRULE:FREQ=MINUTELY;COUNT=100000',
      'SUMMARY:Tick',
      'END:VEVENT',
    ];
    host.feeds.set('/ticks.ics', { type: 'text/calendar', body: calendar('Ticks', endless) });
    host.feeds.set('/one.ics', { type: 'text/calendar', body: calendar('One', event('o', 'Only one')) });
    const ticks = (await subscribe(me, `http://${host.base}/ticks.ics`)).json();
    const one = (await subscribe(me, `http://${host.base}/one.ics`)).json();
    await t.queue?.drain();
    const subscriptions = await list(me);
    expect(subscriptions.find((s: { id: string }) => s.id === ticks.id)).toMatchObject({
      events: 5000,
      capped: true,
    });
    expect(subscriptions.find((s: { id: string }) => s.id === one.id)).toMatchObject({ capped: false });
    expect((await events(me)).length).toBe(5001);

    const stranger = await t.app.inject({
      method: 'DELETE',
      url: `/api/calendars/subscriptions/${ticks.id}?delete_events=true`,
      headers: other.auth,
    });
    expect(stranger.statusCode).toBe(404);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/calendars/subscriptions/${ticks.id}?delete_events=true`,
      headers: me.auth,
    });
    expect(gone.json()).toEqual({ deleted_items: 5000 });
    const kept = await t.app.inject({
      method: 'DELETE',
      url: `/api/calendars/subscriptions/${one.id}`,
      headers: me.auth,
    });
    expect(kept.json()).toEqual({ deleted_items: 0 });
    expect(await events(me)).toEqual(['Only one']);
    expect(await list(me)).toEqual([]);
    // Storing and deleting 5,000 events takes a while on a busy machine.
  }, 180_000);
});
