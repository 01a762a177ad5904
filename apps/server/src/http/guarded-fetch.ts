import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { sizeWords, statusWords, unreachableWords } from './fetch-failure-words.js';

/**
 * Why a fetch of a user-given address was refused or failed: the message is safe to show. `transient`
 * when trying again later may succeed (the host unreachable or slow, a 5xx or 429 answer).
 */
export class FetchRefused extends Error {
  constructor(
    message: string,
    readonly transient = false,
  ) {
    super(message);
  }
}

export interface GuardedFetchOptions {
  /** Bytes read at most; more refuses the answer. */
  maxBytes: number;
  /** For the whole fetch, redirects included. */
  timeoutMs: number;
  maxRedirects?: number;
  /** Which resolved addresses may be connected to (default: public ones only). */
  isAllowed?: (address: string) => boolean;
  accept?: string;
  /** Who is asking, as sites' logs will show it. */
  userAgent?: string;
}

export interface FetchedBody {
  /** The address the body came from, after redirects. */
  url: string;
  contentType: string;
  body: Buffer;
}

/** Only addresses on the public internet: not loopback, private, link-local, multicast or reserved. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/** DNS lookup that answers only allowed addresses (checked after resolution, so a name cannot point inside). */
const guardedLookup =
  (isAllowed: (address: string) => boolean): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = (addresses as unknown as LookupAddress[]).filter((a) => isAllowed(a.address));
      const first = list[0];
      if (!first) return callback(new FetchRefused(`${hostname} is not on the public internet`), '', 4);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      return callback(null, first.address, first.family);
    });
  };

/**
 * The one way the server fetches an address a user gave (calendar subscriptions, link previews): http and
 * https only; every hop's host must resolve to public addresses (private, loopback and link-local ones are
 * refused, on every redirect too); the size and the time are capped.
 */
export async function guardedFetch(address: string, options: GuardedFetchOptions): Promise<FetchedBody> {
  const deadline = Date.now() + options.timeoutMs;
  let current = address;
  for (let hop = 0; hop <= (options.maxRedirects ?? 5); hop++) {
    let url: URL;
    try {
      url = new URL(current);
    } catch {
      throw new FetchRefused('Not a web address');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new FetchRefused('Only http and https addresses can be fetched');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (ipaddr.isValid(host) && !(options.isAllowed ?? isPublicAddress)(host)) {
      throw new FetchRefused(`${host} is not on the public internet`);
    }
    const answer = await request(url, options, deadline);
    if (answer.redirect) {
      try {
        current = new URL(answer.redirect, url).href;
      } catch {
        throw new FetchRefused('The address redirected to something that is not a web address');
      }
      continue;
    }
    return { url: url.href, contentType: answer.contentType, body: answer.body };
  }
  throw new FetchRefused('Too many redirects');
}

function request(
  url: URL,
  options: GuardedFetchOptions,
  deadline: number,
): Promise<{ redirect: string | null; contentType: string; body: Buffer }> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new FetchRefused('The site took too long to answer', true));
    let timer: NodeJS.Timeout | undefined;
    const settle =
      <T>(done: (value: T) => void) =>
      (value: T) => {
        clearTimeout(timer);
        done(value);
      };
    const succeed = settle(resolve);
    const fail = settle(reject);
    const req = client.get(
      url,
      {
        headers: { accept: options.accept ?? '*/*', 'user-agent': options.userAgent ?? 'Easio' },
        lookup: guardedLookup(options.isAllowed ?? isPublicAddress),
        // Idle time only: every chunk restarts it. The deadline below holds for the whole answer.
        timeout: remaining,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return succeed({ redirect: res.headers.location, contentType: '', body: Buffer.alloc(0) });
        }
        if (status < 200 || status >= 300) {
          res.resume();
          return fail(new FetchRefused(statusWords(status), status >= 500 || status === 429));
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > options.maxBytes) {
          res.destroy();
          return fail(new FetchRefused(sizeWords(options.maxBytes)));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            res.destroy(new FetchRefused(sizeWords(options.maxBytes)));
            return;
          }
          chunks.push(chunk);
        });
        res.on('error', fail);
        res.on('end', () =>
          succeed({
            redirect: null,
            contentType: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    // A server trickling a byte now and then never goes idle: the deadline ends it all the same.
    timer = setTimeout(() => {
      const late = new FetchRefused('The site took too long to answer', true);
      req.destroy(late);
      fail(late);
    }, remaining);
    req.on('timeout', () => req.destroy(new FetchRefused('The site took too long to answer', true)));
    req.on('error', (error) =>
      fail(error instanceof FetchRefused ? error : new FetchRefused(unreachableWords(error), true)),
    );
  });
}
