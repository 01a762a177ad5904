import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchRefused, guardedFetch, isPublicAddress } from './guarded-fetch.js';

describe('the guarded fetcher', () => {
  let server: Server;
  let base = '';
  // The tests' own server is on loopback: allow exactly 127.0.0.1, as a self-hosted LAN setting would.
  const onlyOurs = (address: string) => address === '127.0.0.1' || isPublicAddress(address);
  const options = { maxBytes: 1000, timeoutMs: 2000, isAllowed: onlyOurs };
  /** Our server as the first address only: every address after it (redirects) must be public. */
  const firstOnly = () => {
    let used = false;
    return (address: string) => {
      if (used || address !== '127.0.0.1') return isPublicAddress(address);
      used = true;
      return true;
    };
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to');
      if (to) return res.writeHead(302, { location: to }).end();
      if (req.url === '/big') return res.writeHead(200).end(Buffer.alloc(5000, 'a'));
      if (req.url === '/slow') return setTimeout(() => res.writeHead(200).end('late'), 3000);
      if (req.url === '/bad-redirect') return res.writeHead(302, { location: 'http://[::1' }).end();
      if (req.url === '/drip') {
        // One byte at a time, never idle long enough for an idle timeout, never done.
        res.writeHead(200, { 'content-type': 'text/calendar' });
        const drip = setInterval(() => res.write('B'), 100);
        res.on('close', () => clearInterval(drip));
        return;
      }
      return res.writeHead(200, { 'content-type': 'text/calendar' }).end('BEGIN:VCALENDAR');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('knows public from private, loopback, link-local and mapped addresses', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:4700::1111')).toBe(true);
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.0.5',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fc00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });

  it('refuses 127.0.0.1, 10.0.0.1, 169.254.169.254 and a name resolving to loopback, by default', async () => {
    for (const url of [
      'http://127.0.0.1:1/x',
      'http://10.0.0.1/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x',
      'http://localhost/x',
    ]) {
      await expect(guardedFetch(url, { maxBytes: 1000, timeoutMs: 2000 }), url).rejects.toThrow(
        /not on the public internet/,
      );
    }
  });

  it('fetches an allowed address, and refuses a redirect to a private one, loopback itself included', async () => {
    const ok = await guardedFetch(`${base}/cal.ics`, options);
    expect(ok.body.toString()).toBe('BEGIN:VCALENDAR');
    expect(ok.contentType).toBe('text/calendar');
    expect((await guardedFetch(`${base}/?to=${encodeURIComponent(`${base}/cal.ics`)}`, options)).url).toBe(
      `${base}/cal.ics`,
    );
    const port = new URL(base).port;
    for (const target of [
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.1/',
      `${base}/cal.ics`,
      `http://localhost:${port}/cal.ics`,
    ]) {
      await expect(
        guardedFetch(`${base}/?to=${encodeURIComponent(target)}`, { ...options, isAllowed: firstOnly() }),
        target,
      ).rejects.toThrow(/is not on the public internet/);
    }
  });

  it('refuses a redirect to something that is not an address', async () => {
    const refused = guardedFetch(`${base}/bad-redirect`, options);
    await expect(refused).rejects.toThrow(FetchRefused);
    await expect(refused).rejects.toThrow('The address redirected to something that is not a web address');
  });

  it('caps the size and the time, and takes only http and https', async () => {
    await expect(guardedFetch(`${base}/big`, options)).rejects.toThrow(/larger than 1000 bytes/);
    await expect(guardedFetch(`${base}/slow`, { ...options, timeoutMs: 300 })).rejects.toThrow(/too long/);
    // An answer that never stops coming is cut at the deadline, as one that may work later.
    const dripping = guardedFetch(`${base}/drip`, { ...options, maxBytes: 1_000_000, timeoutMs: 600 });
    await expect(dripping).rejects.toThrow(FetchRefused);
    await expect(dripping).rejects.toMatchObject({
      message: 'The site took too long to answer',
      transient: true,
    });
    await expect(guardedFetch('file:///etc/passwd', options)).rejects.toThrow(/Only http and https/);
    await expect(guardedFetch('webcal://example.com/x', options)).rejects.toThrow(/Only http and https/);
  });
});
