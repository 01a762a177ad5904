import net from 'node:net';

/** What the proxy does to a command the client sends that matches `rule.command`. */
export interface ProxyRule {
  command: RegExp;
  /**
   * `no`: the answer is a tagged NO (as on a refusal or throttling); `cut`: the line drops; `empty`: a
   * SEARCH answers that nothing matched (as a server in trouble may).
   */
  action: 'no' | 'cut' | 'empty';
}

export interface CommandProxy {
  port: number;
  /** The rule applied to every command sent from now on (null: everything passes). */
  rule: ProxyRule | null;
  /** Commands the clients sent (their lines, tags included), for a test to look at. */
  commands: string[];
  /** How many commands the rule matched. */
  hits: number;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of a test IMAP server that can refuse one command or drop the line exactly
 * there: for the failures imapflow reports by answering `false` rather than throwing.
 */
export async function startCommandProxy(targetPort: number): Promise<CommandProxy> {
  const sockets = new Set<net.Socket>();
  const proxy: CommandProxy = {
    port: 0,
    rule: null,
    commands: [],
    hits: 0,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    let pending = Buffer.alloc(0);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    upstream.on('data', (chunk) => client.write(chunk));
    client.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      // Whole lines only: a command (or a literal's continuation) ends with CRLF.
      for (let nl = pending.indexOf('\r\n'); nl !== -1; nl = pending.indexOf('\r\n')) {
        const line = pending.subarray(0, nl + 2);
        pending = pending.subarray(nl + 2);
        const text = line.toString('latin1').trimEnd();
        proxy.commands.push(text);
        const rule = proxy.rule;
        if (rule?.command.test(text)) {
          proxy.hits += 1;
          if (rule.action === 'cut') return end();
          const tag = text.split(' ')[0];
          client.write(
            rule.action === 'empty'
              ? `* SEARCH\r\n${tag} OK Search completed\r\n`
              : `${tag} NO [UNAVAILABLE] Refused by the test proxy\r\n`,
          );
          continue;
        }
        upstream.write(line);
      }
    });
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  proxy.port = (server.address() as net.AddressInfo).port;
  return proxy;
}
