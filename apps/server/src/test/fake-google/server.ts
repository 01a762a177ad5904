import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeCalendar, type FakeEventInput } from './calendar.js';
import { FakeDrive, ROOT_ID } from './drive.js';
import { FakeGmail } from './gmail.js';
import { createOidcProvider, type FakeAccount, type OidcControls } from './oidc.js';

export const FAKE_CLIENT = { id: 'easio-test-client', secret: 'easio-test-client-secret' };
export const DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive.readonly';
export const GMAIL_SCOPE = 'https://www.googleapis.com/auth/gmail.readonly';
export const CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar.readonly';
const API_SCOPES: Record<string, string> = {
  drive: DRIVE_SCOPE,
  gmail: GMAIL_SCOPE,
  calendar: CALENDAR_SCOPE,
};

export interface FakeGoogle {
  /** The OpenID issuer and API base (one loopback origin serves both). */
  url: string;
  drive: FakeDrive;
  gmail: FakeGmail;
  calendar: FakeCalendar;
  controls: OidcControls;
  /** Requests served, as "METHOD path?query", in order. */
  requests: string[];
  /** The next `count` API calls whose path starts with `prefix` answer 429 with Retry-After. */
  rateLimit(prefix: string, count: number): void;
  /** Calls whose path and query contain `prefix` answer `status` with `body` (`count` times, or always). */
  fail(prefix: string, status: number, body: string, count?: number): void;
  /** Called with each request's path and query before it is answered. */
  onRequest: ((path: string) => void) | null;
  /** Access tokens used so far are refused from now on, as expired (a refresh gets a new one). */
  expireTokens(): void;
  close(): Promise<void>;
}

const DEFAULT_ACCOUNT: FakeAccount = { sub: 'google-sub-1', email: 'ada@example.com', name: 'Ada Lovelace' };

/**
 * A loopback stand-in for Google: a real OpenID provider for sign-in and consent, and the Drive v3
 * endpoints Easio calls (files.list with paging, files.get, alt=media, export, changes with page
 * tokens), checking every API call's bearer token. Tests add files, fail calls and expire tokens.
 */
export async function startFakeGoogle(
  redirectUris: string[],
  options: { port?: number; controlRoutes?: boolean } = {},
): Promise<FakeGoogle> {
  const drive = new FakeDrive();
  const gmail = new FakeGmail();
  const calendar = new FakeCalendar();
  const controls: OidcControls = { account: { ...DEFAULT_ACCOUNT }, deny: false, withhold: [] };
  const requests: string[] = [];
  const limits: { prefix: string; left: number }[] = [];
  const failures: { prefix: string; status: number; body: string; left: number }[] = [];
  const used = new Set<string>();
  const expired = new Set<string>();

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const oidc = createOidcProvider(
    url,
    { ...FAKE_CLIENT, redirectUris },
    [DRIVE_SCOPE, GMAIL_SCOPE, CALENDAR_SCOPE],
    controls,
  );

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const apiError = (res: ServerResponse, status: number, message: string, reason = 'error') =>
    json(res, status, { error: { code: status, message, errors: [{ reason, message }] } });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const u = new URL(req.url ?? '/', url);
    requests.push(`${req.method} ${u.pathname}${u.search}`);
    fake.onRequest?.(`${u.pathname}${u.search}`);
    if (u.pathname.startsWith('/interaction/')) return oidc.interaction(req, res);
    if (options.controlRoutes && u.pathname.startsWith('/__test/')) return control(u.pathname, req, res);
    const limit = limits.find((l) => u.pathname.startsWith(l.prefix) && l.left > 0);
    if (limit) {
      limit.left -= 1;
      res.writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          error: { code: 429, message: 'Rate Limit Exceeded', errors: [{ reason: 'rateLimitExceeded' }] },
        }),
      );
    }
    const failure = failures.find((f) => `${u.pathname}${u.search}`.includes(f.prefix) && f.left !== 0);
    if (failure) {
      failure.left -= 1;
      res.writeHead(failure.status, {
        'content-type': failure.body.startsWith('<') ? 'text/html' : 'application/json',
      });
      return res.end(failure.body);
    }
    const api = /^\/(drive|gmail|calendar)\//.exec(u.pathname)?.[1];
    if (!api) return oidc.callback(req, res);
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const grant = token ? await oidc.verify(token) : null;
    if (!token || !grant || expired.has(token)) return apiError(res, 401, 'Invalid Credentials', 'authError');
    used.add(token);
    if (!grant.scopes.includes(API_SCOPES[api] as string)) {
      return apiError(res, 403, 'Insufficient Permission', 'insufficientPermissions');
    }
    if (api === 'gmail') return gmailApi(u, res);
    if (api === 'calendar') return calendarApi(u, res);
    return driveApi(u, res);
  }

  /** For browser tests in another process: who signs in next, files to add, calls to fail. */
  async function control(path: string, req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    if (path === '/__test/account') controls.account = body as unknown as FakeAccount;
    else if (path === '/__test/files') {
      const folder = typeof body.folder === 'string' ? drive.folder(body.folder) : null;
      for (const f of body.files as { name: string; mimeType?: string; content?: string }[]) {
        drive.add({
          name: f.name,
          mimeType: f.mimeType ?? 'text/plain',
          content: Buffer.from(f.content ?? ''),
          parents: folder ? [folder.id] : undefined,
        });
      }
    } else if (path === '/__test/mail') {
      const m = body as {
        from: string;
        subject: string;
        text: string;
        labels?: string[];
        attachment?: string;
      };
      gmail.add({
        from: m.from,
        subject: m.subject,
        text: m.text,
        labels: m.labels,
        attachments: m.attachment
          ? [
              {
                filename: m.attachment,
                mimeType: 'text/plain',
                content: Buffer.from(`${m.attachment} contents`),
              },
            ]
          : [],
      });
    } else if (path === '/__test/event') {
      calendar.add('primary-cal', body as unknown as FakeEventInput);
    } else if (path === '/__test/fail-download') {
      // The download of the file of this name fails `count` times.
      const f = body as { name: string; status: number; body: string; count: number };
      const file = [...drive.files.values()].find((x) => x.name === f.name);
      if (!file) return json(res, 404, { error: 'no such file' });
      failures.push({
        prefix: `/drive/v3/files/${file.id}?alt=media`,
        status: f.status,
        body: f.body,
        left: f.count,
      });
    } else return json(res, 404, { error: 'unknown control' });
    return json(res, 200, { ok: true });
  }

  function gmailApi(u: URL, res: ServerResponse) {
    const path = u.pathname.replace(/^\/gmail\/v1\/users\/me\//, '');
    const q = u.searchParams;
    if (path === 'profile')
      return json(res, 200, { emailAddress: controls.account.email, historyId: String(gmail.historyId) });
    if (path === 'labels') {
      return json(res, 200, {
        labels: ['INBOX', 'SENT', 'SPAM', 'TRASH', 'Label_Receipts'].map((id) => ({
          id,
          name: id === 'Label_Receipts' ? 'Receipts' : id,
          type: id.startsWith('Label_') ? 'user' : 'system',
        })),
      });
    }
    if (path === 'messages') {
      const all = [...gmail.messages.values()]
        .filter(
          (m) =>
            q.get('includeSpamTrash') === 'true' || !m.labelIds.some((l) => l === 'SPAM' || l === 'TRASH'),
        )
        .sort((a, b) => b.internalDate - a.internalDate || b.id.localeCompare(a.id));
      const offset = Number(q.get('pageToken') ?? 0);
      const size = Number(q.get('maxResults') ?? 100);
      const page = all.slice(offset, offset + size);
      const next = offset + page.length;
      return json(res, 200, {
        messages: page.map((m) => ({ id: m.id, threadId: m.threadId })),
        ...(next < all.length ? { nextPageToken: String(next) } : {}),
        resultSizeEstimate: all.length,
      });
    }
    if (path === 'history') {
      const start = Number(q.get('startHistoryId'));
      if (!Number.isFinite(start) || start < gmail.oldestHistory)
        return apiError(res, 404, 'Requested entity was not found.', 'notFound');
      const entries = gmail.history.filter((h) => h.id > start);
      const offset = Number(q.get('pageToken') ?? 0);
      const size = Math.min(Number(q.get('maxResults') ?? 100), 100);
      const page = entries.slice(offset, offset + size);
      const next = offset + page.length;
      return json(res, 200, {
        history: page.map((h) => ({ id: String(h.id), [h.kind]: [{ message: { id: h.messageId } }] })),
        historyId: String(gmail.historyId),
        ...(next < entries.length ? { nextPageToken: String(next) } : {}),
      });
    }
    const attachment = /^messages\/([^/]+)\/attachments\/([^/]+)$/.exec(path);
    if (attachment) {
      const bytes = gmail.attachment(
        decodeURIComponent(attachment[1] ?? ''),
        decodeURIComponent(attachment[2] ?? ''),
      );
      if (!bytes) return apiError(res, 404, 'Not Found', 'notFound');
      return json(res, 200, { size: bytes.length, data: bytes.toString('base64url') });
    }
    const message = /^messages\/([^/]+)$/.exec(path);
    const found = message ? gmail.messages.get(decodeURIComponent(message[1] ?? '')) : undefined;
    if (!found) return apiError(res, 404, 'Not Found', 'notFound');
    return json(res, 200, gmail.full(found));
  }

  function calendarApi(u: URL, res: ServerResponse) {
    const path = u.pathname.replace(/^\/calendar\/v3\//, '');
    const q = u.searchParams;
    if (path === 'users/me/calendarList') {
      return json(res, 200, {
        items: [...calendar.calendars].map(([id, c]) => ({ id, summary: c.summary })),
      });
    }
    const match = /^calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(path);
    const cal = match ? calendar.calendars.get(decodeURIComponent(match[1] ?? '')) : undefined;
    if (!match || !cal) return apiError(res, 404, 'Not Found', 'notFound');
    if (match[2]) {
      const event = cal.events.get(decodeURIComponent(match[2]));
      return event ? json(res, 200, calendar.view(event)) : apiError(res, 404, 'Not Found', 'notFound');
    }
    // Page tokens and sync tokens are "<since>:<offset>" and "<seq>": changes after `since`.
    const syncToken = q.get('syncToken');
    const pageToken = q.get('pageToken');
    const [since, offset] = pageToken
      ? pageToken.split(':').map(Number)
      : [syncToken ? Number(syncToken) : 0, 0];
    if (syncToken && Number(syncToken) < calendar.oldestToken)
      return apiError(res, 410, 'Sync token is no longer valid', 'fullSyncRequired');
    const all = [...cal.events.values()]
      .filter((e) => e.seq > (since ?? 0) && (since !== 0 || e.status !== 'cancelled'))
      .sort((a, b) => a.seq - b.seq);
    const size = Number(q.get('maxResults') ?? 250);
    const page = all.slice(offset ?? 0, (offset ?? 0) + size);
    const next = (offset ?? 0) + page.length;
    return json(res, 200, {
      items: page.map((e) => calendar.view(e)),
      ...(next < all.length
        ? { nextPageToken: `${since}:${next}` }
        : { nextSyncToken: String(calendar.seq) }),
    });
  }

  function driveApi(u: URL, res: ServerResponse) {
    const path = u.pathname.replace(/^\/drive\/v3\//, '');
    const q = u.searchParams;
    const pageSize = Math.min(1000, Number(q.get('pageSize') ?? 100));
    if (path === 'changes/startPageToken') return json(res, 200, { startPageToken: drive.startPageToken });
    if (path === 'changes') {
      const from = Number(q.get('pageToken'));
      if (!Number.isInteger(from) || from < 1) return apiError(res, 400, 'Invalid pageToken', 'invalid');
      const slice = drive.changes.slice(from - 1, from - 1 + pageSize);
      const next = from + slice.length;
      const more = next <= drive.changes.length;
      return json(res, 200, {
        changes: slice.map((c) => {
          const file = drive.files.get(c.fileId);
          return c.removed || !file
            ? { fileId: c.fileId, removed: true }
            : { fileId: c.fileId, removed: false, file: drive.view(file) };
        }),
        ...(more ? { nextPageToken: String(next) } : { newStartPageToken: String(next) }),
      });
    }
    if (path === 'files') {
      const all = [...drive.files.values()].filter(
        (f) => f.id !== ROOT_ID && !(q.get('q')?.includes('trashed = false') && f.trashed),
      );
      all.sort((a, b) => a.id.localeCompare(b.id));
      const offset = Number(q.get('pageToken') ?? 0);
      const page = all.slice(offset, offset + pageSize);
      const next = offset + page.length;
      return json(res, 200, {
        files: page.map((f) => drive.view(f)),
        ...(next < all.length ? { nextPageToken: String(next) } : {}),
      });
    }
    const match = /^files\/([^/]+)(\/export)?$/.exec(path);
    const file = match ? drive.files.get(decodeURIComponent(match[1] ?? '')) : undefined;
    if (!match || !file) return apiError(res, 404, 'File not found', 'notFound');
    if (match[2]) {
      const type = q.get('mimeType') ?? '';
      res.writeHead(200, { 'content-type': type });
      if (type === 'application/pdf')
        return res.end(Buffer.from(`%PDF-1.4\n% ${file.name}\n${file.content.toString('utf8')}\n%%EOF\n`));
      return res.end(file.content);
    }
    if (q.get('alt') === 'media') {
      res.writeHead(200, { 'content-type': file.mimeType, 'content-length': String(file.content.length) });
      return res.end(file.content);
    }
    return json(res, 200, drive.view(file));
  }

  const fake: FakeGoogle = {
    onRequest: null,
    url,
    drive,
    gmail,
    calendar,
    controls,
    requests,
    rateLimit(prefix, count) {
      limits.push({ prefix, left: count });
    },
    fail(prefix, status, body, count = -1) {
      failures.push({ prefix, status, body, left: count });
    },
    expireTokens() {
      for (const token of used) expired.add(token);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
  return fake;
}

/** The configuration that points an Easio server at this stand-in. */
export function fakeGoogleEnv(google: Pick<FakeGoogle, 'url'>, publicUrl: string): Record<string, string> {
  return {
    PUBLIC_URL: publicUrl,
    GOOGLE_CLIENT_ID: FAKE_CLIENT.id,
    GOOGLE_CLIENT_SECRET: FAKE_CLIENT.secret,
    GOOGLE_ISSUER: google.url,
    GOOGLE_API_URL: google.url,
  };
}
