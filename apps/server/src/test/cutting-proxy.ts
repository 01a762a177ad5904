import net from 'node:net';

export interface CuttingProxy {
  port: number;
  /** Cuts every connection once the server has sent this many bytes on it (null: never). */
  cutAfter: number | null;
  /** Connections cut so far. */
  cuts: number;
  close(): Promise<void>;
}

/** A TCP proxy to a local server that can drop the line midway, as a flaky network or server does. */
export async function startCuttingProxy(targetPort: number): Promise<CuttingProxy> {
  const sockets = new Set<net.Socket>();
  const proxy: CuttingProxy = {
    port: 0,
    cutAfter: null,
    cuts: 0,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    let sent = 0;
    const cutAfter = proxy.cutAfter;
    upstream.on('data', (chunk: Buffer) => {
      sent += chunk.length;
      if (cutAfter !== null && sent > cutAfter) {
        proxy.cuts += 1;
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    client.on('data', (chunk) => upstream.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  proxy.port = (server.address() as net.AddressInfo).port;
  return proxy;
}
