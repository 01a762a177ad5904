import net from 'node:net';
import { IMAP_PRESETS, type ImapAccount } from '@easio/shared';
import { describe, expect, it } from 'vitest';
import { describeImapError, ImapError, openImap } from './imap-client.js';

const account = (port: number, security: ImapAccount['security']): ImapAccount => ({
  host: '127.0.0.1',
  port,
  security,
  user: 'someone',
  password: 'secret',
});
const policy = { allowPrivate: true, allowPlaintext: true, timeoutMs: 300 };

/** A server that accepts connections and says nothing, as a TLS port does to a client waiting for a greeting. */
async function silentServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => sockets.add(s));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('openImap', () => {
  it('refuses STARTTLS on port 993 at once: that port speaks TLS', async () => {
    const error = await openImap(account(993, 'starttls'), policy).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImapError);
    expect((error as Error).message).toBe(
      'Port 993 speaks TLS from the start: choose TLS, or STARTTLS on port 143.',
    );
  });

  it('says to choose TLS when a port read as STARTTLS never greets', async () => {
    const server = await silentServer();
    try {
      const error = await openImap(account(server.port, 'starttls'), policy).catch((e: unknown) => e);
      expect((error as Error).message).toBe(
        `127.0.0.1:${server.port} sent no greeting: this port speaks TLS from the start, so choose TLS (usually port 993).`,
      );
    } finally {
      await server.close();
    }
  });
});

describe('describeImapError', () => {
  it("names imapflow's own codes", () => {
    const where = { host: 'imap.example.org', port: 993 };
    expect(describeImapError({ code: 'GREETING_TIMEOUT' }, { ...where, security: 'tls' })).toBe(
      'imap.example.org:993 did not greet in time: check the server and the port.',
    );
    expect(describeImapError({ code: 'ETIMEOUT' }, where)).toBe(
      'imap.example.org:993 did not answer in time.',
    );
    expect(describeImapError({ code: 'EConnectionClosed' }, where)).toBe(
      'imap.example.org:993 closed the connection.',
    );
    expect(describeImapError({ code: 'ETHROTTLE' }, where)).toMatch(/is limiting how much is read/);
  });
});

describe('IMAP_PRESETS', () => {
  it('offers only servers a server can reach and trust (no Proton Mail Bridge on loopback)', () => {
    expect(IMAP_PRESETS.every((p) => p.security === 'tls' && p.port === 993)).toBe(true);
    expect(IMAP_PRESETS.map((p) => p.host)).not.toContain('127.0.0.1');
  });
});
