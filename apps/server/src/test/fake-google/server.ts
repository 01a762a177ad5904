import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeDrive, ROOT_ID } from './drive.js';
import { createOidcProvider, type FakeAccount, type OidcControls } from './oidc.js';

export const FAKE_CLIENT = { id: 'easio-test-client', secret: 'easio-test-client-secret' };
export const DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive.readonly';

export interface FakeGoogle {
  /** The OpenID issuer and API base (one loopback origin serves both). */
  url: string;
  drive: FakeDrive;
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
  const oidc = createOidcProvider(url, { ...FAKE_CLIENT, redirectUris }, [DRIVE_SCOPE], controls);

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
    if (!u.pathname.startsWith('/drive/')) return oidc.callback(req, res);

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
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const grant = token ? await oidc.verify(token) : null;
    if (!token || !grant || expired.has(token)) return apiError(res, 401, 'Invalid Credentials', 'authError');
    used.add(token);
    if (!grant.scopes.includes(DRIVE_SCOPE))
      return apiError(res, 403, 'Insufficient Permission', 'insufficientPermissions');
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
