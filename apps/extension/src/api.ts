import {
  type ExtensionSave,
  extensionFolderListSchema,
  extensionMeSchema,
  extensionSavedSchema,
} from '@easio/shared';
import type { z } from 'zod';

/** Why a call failed: the server's own words, and whether trying again later can help. */
export class EasioError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
  /** Offline, the server down or busy: the save waits in the queue. */
  get retryable() {
    return this.status === null || this.status === 408 || this.status === 429 || this.status >= 500;
  }
  /** The token was revoked (or never valid): the extension signs out. */
  get signedOut() {
    return this.status === 401;
  }
  /** No answer at all (no status): offline, or nothing at that address. */
  get unreachable() {
    return this.status === null;
  }
}

export const OFFLINE = 'Easio cannot be reached: you may be offline';

export interface Account {
  /** The Easio address, e.g. https://easio.example.org */
  server: string;
  token: string;
}

/** Talks to one Easio server with one API token. */
export function createEasioClient(account: Account, fetcher: typeof fetch = fetch) {
  async function call<T>(
    path: string,
    schema: z.ZodType<T>,
    init: RequestInit = {},
  ): Promise<{ status: number; body: T }> {
    let response: Response;
    try {
      response = await fetcher(`${account.server}/api/extension${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${account.token}`,
          'content-type': 'application/json',
          ...init.headers,
        },
      });
    } catch {
      // Offline, a wrong address, or (rarely) a server that refuses the extension's origin: fetch
      // cannot tell them apart. Signing in says "cannot reach this address" instead.
      throw new EasioError(OFFLINE, null);
    }
    const data: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const detail =
        data && typeof data === 'object' && 'detail' in data && typeof data.detail === 'string'
          ? data.detail
          : `Easio answered ${response.status}`;
      throw new EasioError(detail, response.status);
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success)
      throw new EasioError('Easio answered something this extension does not understand', response.status);
    return { status: response.status, body: parsed.data };
  }

  return {
    me: async () => (await call('/me', extensionMeSchema)).body,
    folders: async () => (await call('/folders', extensionFolderListSchema)).body.folders,
    save: async (save: ExtensionSave) =>
      (await call('/items', extensionSavedSchema, { method: 'POST', body: JSON.stringify(save) })).body,
  };
}

export type EasioClient = ReturnType<typeof createEasioClient>;
