import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_DROPBOX_APP = { key: 'easio-dropbox-key', secret: 'easio-dropbox-secret' };

interface FakeEntry {
  id: string;
  path: string;
  rev: string;
  content: Buffer;
  modified: string;
}

type Change = { kind: 'file'; id: string } | { kind: 'deleted'; path: string };

export interface FakeDropbox {
  /** OAuth, API and content hosts all answer here. */
  url: string;
  /** Adds or replaces the file at `path` (`/Taxes/return.pdf`); answers its id. */
  put(path: string, content: string | Buffer): string;
  /** Moves a file (Dropbox reports the old path deleted and the file at its new path). */
  move(from: string, to: string): void;
  /** Deletes a file, or a folder and everything in it (reported as one deleted path). */
  remove(path: string): void;
  /** The next `continue` with any cursor answers `reset` (Dropbox dropped cursors). */
  resetCursors(): void;
  /** The next `count` calls to `route` (`files/list_folder/continue`, `files/download`…) answer 429 Retry-After. */
  rateLimit(route: string, count: number): void;
  /** Downloads of the file at this path fail with 409. */
  failDownload(path: string): void;
  /** Access tokens handed out so far are refused as expired from now on. */
  expireTokens(): void;
  /** The consent screen answers `access_denied` instead. */
  deny: boolean;
  account: { email: string };
  requests: string[];
  revoked: string[];
  close(): Promise<void>;
}

/**
 * A loopback Dropbox speaking the endpoints Easio calls: the OAuth 2 code flow with PKCE and refresh
 * tokens, `files/list_folder` (recursive, paged) and `list_folder/continue` with cursors (deletions as
 * paths, `reset`), `files/download` with Dropbox-API-Arg, `files/get_metadata`, `users/get_current_account`
 * and `auth/token/revoke`.
 */
export async function startFakeDropbox(
  redirectUri: string,
  options: { pageSize?: number; port?: number; controlRoutes?: boolean } = {},
): Promise<FakeDropbox> {
  const pageSize = options.pageSize ?? 100;
  const files = new Map<string, FakeEntry>(); // by lower-case path
  const changes: Change[] = [];
  const codes = new Map<string, { challenge: string }>();
  const live = new Set<string>();
  const refreshTokens = new Set<string>();
  const limits = new Map<string, number>();
  const failing = new Set<string>();
  const requests: string[] = [];
  const revoked: string[] = [];
  let reset = false;
  let ids = 0;
  let clock = Date.parse('2026-03-01T00:00:00Z');

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const dbxError = (res: ServerResponse, summary: string, status = 409) =>
    json(res, status, { error_summary: summary, error: { '.tag': summary.split('/')[0] } });
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const view = (f: FakeEntry) => ({
    '.tag': 'file',
    id: f.id,
    name: f.path.split('/').pop(),
    path_lower: f.path.toLowerCase(),
    path_display: f.path,
    rev: f.rev,
    size: f.content.length,
    client_modified: f.modified,
    server_modified: f.modified,
    is_downloadable: true,
  });
  const entriesFrom = (from: number) => {
    const slice = changes.slice(from, from + pageSize);
    const entries = slice.flatMap((c) => {
      if (c.kind === 'deleted')
        return [{ '.tag': 'deleted', name: c.path.split('/').pop(), path_lower: c.path }];
      const f = [...files.values()].find((x) => x.id === c.id);
      return f ? [view(f)] : [];
    });
    const next = from + slice.length;
    return { entries, cursor: `c${next}`, has_more: next < changes.length };
  };

  /** A page of the full listing (files by path), then the change log from where it began. */
  const listing = (offset: number, mark: number) => {
    const all = [...files.values()].sort((a, b) => a.path.localeCompare(b.path));
    const page = all.slice(offset, offset + pageSize);
    const next = offset + page.length;
    const more = next < all.length;
    return { entries: page.map(view), cursor: more ? `l${next}:${mark}` : `c${mark}`, has_more: more };
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const u = new URL(req.url ?? '/', 'http://x');
    const route = u.pathname.replace(/^\/2\//, '');
    requests.push(`${req.method} ${u.pathname}`);
    if (options.controlRoutes && u.pathname === '/__test/put') {
      // For browser tests in another process: files to add.
      const put = JSON.parse((await read(req)) || '{}') as { path: string; content: string };
      return json(res, 200, { id: fake.put(put.path, put.content) });
    }
    if (options.controlRoutes && u.pathname === '/__test/deny') {
      // For browser tests: whether the consent screen refuses (`{"deny": true}`) or grants again.
      fake.deny = (JSON.parse((await read(req)) || '{}') as { deny?: boolean }).deny === true;
      return json(res, 200, { deny: fake.deny });
    }
    const left = limits.get(route) ?? 0;
    if (left > 0) {
      limits.set(route, left - 1);
      res.writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          error_summary: 'too_many_requests/',
          error: { reason: { '.tag': 'too_many_requests' } },
        }),
      );
    }
    if (u.pathname === '/oauth2/authorize') {
      const redirect = new URL(u.searchParams.get('redirect_uri') ?? '');
      if (redirect.href !== redirectUri) return json(res, 400, { error: 'invalid redirect_uri' });
      redirect.searchParams.set('state', u.searchParams.get('state') ?? '');
      if (fake.deny) redirect.searchParams.set('error', 'access_denied');
      else {
        const code = randomBytes(12).toString('hex');
        codes.set(code, { challenge: u.searchParams.get('code_challenge') ?? '' });
        redirect.searchParams.set('code', code);
      }
      res.writeHead(302, { location: redirect.href });
      return res.end();
    }
    if (u.pathname === '/oauth2/token') {
      const form = new URLSearchParams(await read(req));
      if (
        form.get('client_id') !== FAKE_DROPBOX_APP.key ||
        form.get('client_secret') !== FAKE_DROPBOX_APP.secret
      ) {
        return json(res, 400, { error: 'invalid_client' });
      }
      const issue = (refresh: string | null) => {
        const access = `sl.${randomBytes(16).toString('hex')}`;
        live.add(access);
        return {
          access_token: access,
          token_type: 'bearer',
          expires_in: 14400,
          ...(refresh ? { refresh_token: refresh } : {}),
          account_id: 'dbid:1',
          uid: '1',
        };
      };
      if (form.get('grant_type') === 'authorization_code') {
        const pending = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (!pending || pending.challenge !== challenge) return json(res, 400, { error: 'invalid_grant' });
        const refresh = `rt.${randomBytes(16).toString('hex')}`;
        refreshTokens.add(refresh);
        return json(res, 200, issue(refresh));
      }
      if (form.get('grant_type') === 'refresh_token' && refreshTokens.has(form.get('refresh_token') ?? '')) {
        return json(res, 200, issue(null));
      }
      return json(res, 400, { error: 'invalid_grant' });
    }
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!live.has(token)) return dbxError(res, 'expired_access_token/', 401);
    if (route === 'auth/token/revoke') {
      live.delete(token);
      revoked.push(token);
      return json(res, 200, null);
    }
    if (route === 'users/get_current_account')
      return json(res, 200, { account_id: 'dbid:1', email: fake.account.email });
    if (route === 'files/download') {
      const arg = JSON.parse(String(req.headers['dropbox-api-arg'] ?? '{}')) as { path?: string };
      const f = [...files.values()].find(
        (x) => x.id === arg.path || x.path.toLowerCase() === arg.path?.toLowerCase(),
      );
      if (!f) return dbxError(res, 'path/not_found/');
      if (failing.has(f.path.toLowerCase())) return dbxError(res, 'path/restricted_content/');
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        'dropbox-api-result': JSON.stringify(view(f)),
      });
      return res.end(f.content);
    }
    const body = JSON.parse((await read(req)) || '{}') as { cursor?: string; path?: string };
    if (route === 'files/list_folder') return json(res, 200, listing(0, changes.length));
    if (route === 'files/list_folder/continue') {
      // `l<offset>:<mark>`: the rest of a full listing begun when the change log was at `mark`.
      const listed = /^l(\d+):(\d+)$/.exec(body.cursor ?? '');
      if (listed) return json(res, 200, listing(Number(listed[1]), Number(listed[2])));
      if (reset) {
        reset = false;
        return dbxError(res, 'reset/');
      }
      const from = Number(/^c(\d+)$/.exec(body.cursor ?? '')?.[1] ?? Number.NaN);
      if (!Number.isInteger(from))
        return json(res, 400, 'Error in call to API function "files/list_folder/continue": bad cursor');
      return json(res, 200, entriesFrom(from));
    }
    if (route === 'files/get_metadata') {
      const f = [...files.values()].find((x) => x.id === body.path);
      return f ? json(res, 200, view(f)) : dbxError(res, 'path/not_found/');
    }
    return json(res, 404, 'Unknown endpoint');
  }

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeDropbox = {
    url,
    deny: false,
    account: { email: 'ada@dropbox.example' },
    requests,
    revoked,
    put(path, content) {
      clock += 1000;
      const key = path.toLowerCase();
      const existing = files.get(key);
      ids += 1;
      const entry: FakeEntry = {
        id: existing?.id ?? `id:${ids.toString(36).padStart(6, '0')}`,
        path,
        rev: `r${ids.toString(16)}`,
        content: Buffer.from(content),
        modified: new Date(clock).toISOString().replace(/\.\d+Z$/, 'Z'),
      };
      files.set(key, entry);
      changes.push({ kind: 'file', id: entry.id });
      return entry.id;
    },
    move(from, to) {
      const f = files.get(from.toLowerCase());
      if (!f) throw new Error(`no file ${from}`);
      files.delete(from.toLowerCase());
      ids += 1;
      const moved = { ...f, path: to, rev: `r${ids.toString(16)}` };
      files.set(to.toLowerCase(), moved);
      changes.push({ kind: 'deleted', path: from.toLowerCase() }, { kind: 'file', id: f.id });
    },
    remove(path) {
      const key = path.toLowerCase();
      for (const k of [...files.keys()]) if (k === key || k.startsWith(`${key}/`)) files.delete(k);
      changes.push({ kind: 'deleted', path: key });
    },
    resetCursors() {
      reset = true;
    },
    rateLimit(route, count) {
      limits.set(route, count);
    },
    failDownload(path) {
      failing.add(path.toLowerCase());
    },
    expireTokens() {
      live.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
  return fake;
}
