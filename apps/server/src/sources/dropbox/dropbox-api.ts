import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { z } from 'zod';
import { type AccessTokens, createProviderHttp, type ErrorDetail, jsonAnswer } from '../provider-http.js';

export interface DropboxApiOptions {
  apiUrl: string;
  contentUrl: string;
  tokens: AccessTokens;
  sleep?: (ms: number) => Promise<void>;
}

/** Dropbox's error shape: `{error_summary: "path/not_found/..", error: {...}}` (409), or plain text (400). */
async function dropboxError(response: Response): Promise<ErrorDetail> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error_summary?: unknown };
    const summary = typeof body.error_summary === 'string' ? body.error_summary : '';
    return { reason: summary, message: summary.replace(/\/+\.*$/, '').replace(/\/+/g, ' ') };
  } catch {
    return { reason: '', message: text.slice(0, 200) };
  }
}

/** Non-ASCII in Dropbox-API-Arg must be escaped (`\uXXXX`): HTTP headers are Latin-1. */
const headerJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** Dropbox's API v2 as the connected account: RPC calls (JSON in, JSON out) and content downloads. */
export function createDropboxApi({ apiUrl, contentUrl, tokens, sleep }: DropboxApiOptions) {
  const send = createProviderHttp({ name: 'Dropbox', tokens, sleep, detail: dropboxError });
  const base = (url: string) => url.replace(/\/+$/, '');

  return {
    async rpc<S extends z.ZodType>(route: string, args: unknown, schema: S): Promise<z.output<S>> {
      const response = await send(new URL(`${base(apiUrl)}/2/${route}`), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(args),
      });
      return jsonAnswer('Dropbox', route, response, schema);
    },

    /** `files/download`: the bytes as a stream, never held whole. */
    async download(path: string): Promise<Readable> {
      const response = await send(new URL(`${base(contentUrl)}/2/files/download`), {
        method: 'POST',
        headers: { 'dropbox-api-arg': headerJson({ path }) },
      });
      if (!response.body) return Readable.from([]);
      return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    },
  };
}

export type DropboxApi = ReturnType<typeof createDropboxApi>;
