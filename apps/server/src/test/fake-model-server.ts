import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ModelRequest {
  path: string;
  authorization: string | undefined;
  body: { model?: string; messages?: { role: string; content: string }[] };
}

/**
 * A loopback server speaking the OpenAI chat completions API, for tests: answers each request with
 * `reply(request)` (a status and a body, or `'hang'` to never answer).
 */
export async function startFakeModelServer(
  reply: (request: ModelRequest) => { status: number; body: unknown } | 'hang',
): Promise<{ baseUrl: string; requests: ModelRequest[]; close(): Promise<void> }> {
  const requests: ModelRequest[] = [];
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as ModelRequest['body'];
  };
  const server: Server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const request = { path: req.url ?? '', authorization: req.headers.authorization, body };
      requests.push(request);
      const answer = reply(request);
      if (answer === 'hang') return;
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A chat completion whose answer is `content`. */
export const completion = (content: string) => ({
  status: 200,
  body: {
    id: 'c1',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content } }],
  },
});
