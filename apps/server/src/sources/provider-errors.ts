/** One item could not be imported (gone, not downloadable, too large): listed as failed, the sync goes on. */
export class ItemError extends Error {
  constructor(
    message: string,
    /** The provider's HTTP status, when it answered one. */
    readonly status?: number,
    /** The provider's machine reason (`notFound`, `path/not_found/…`), when it gave one. */
    readonly reason = '',
  ) {
    super(message);
  }
}

/** The whole sync cannot go on (access refused, provider down after retries): it stops and says why. */
export class SyncError extends Error {}

/** The provider refused an OAuth step (a code, a refresh): the message is safe to show, and names no token. */
export class OAuthError extends SyncError {}
