import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_WHATSAPP = {
  verifyToken: 'verify-me-please',
  appSecret: 'whatsapp-app-secret',
  accessToken: 'graph-access-token',
};

export interface FakeGraph {
  url: string;
  /** Media by id: its type and bytes. */
  media: Map<string, { mimeType: string; content: Buffer }>;
  /** Media ids whose download fails (500) until removed. */
  failing: Set<string>;
  /** Replies sent: `to` and text. */
  replies: { to: string; text: string }[];
  close(): Promise<void>;
}

/** A loopback Graph API: `GET /{media-id}` (the address), the bytes at that address, and `POST /{phone-id}/messages`. */
export async function startFakeGraph(): Promise<FakeGraph> {
  const media = new Map<string, { mimeType: string; content: Buffer }>();
  const failing = new Set<string>();
  const replies: { to: string; text: string }[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const u = new URL(req.url ?? '/', 'http://x');
      if (req.headers.authorization !== `Bearer ${FAKE_WHATSAPP.accessToken}`) {
        res.writeHead(401).end();
        return;
      }
      const reply = /^\/([^/]+)\/messages$/.exec(u.pathname);
      if (reply && req.method === 'POST') {
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(c as Buffer);
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          to: string;
          text: { body: string };
        };
        replies.push({ to: body.to, text: body.text.body });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"messages":[{"id":"out"}]}');
        return;
      }
      const bytes = /^\/bytes\/(.+)$/.exec(u.pathname);
      const id = decodeURIComponent(bytes?.[1] ?? u.pathname.slice(1));
      const found = media.get(id);
      if (!found) {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"error":{"message":"Unknown media"}}');
        return;
      }
      if (bytes) {
        if (failing.has(id)) {
          res.writeHead(500).end();
          return;
        }
        res.writeHead(200, { 'content-type': found.mimeType }).end(found.content);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          url: `${url}/bytes/${encodeURIComponent(id)}`,
          mime_type: found.mimeType,
          file_size: found.content.length,
          id,
        }),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    media,
    failing,
    replies,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
