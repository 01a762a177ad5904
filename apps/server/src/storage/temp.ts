/** Uploads in progress live under this first key segment, in both drivers. Owner ids cannot start with a dot. */
export const TEMP_DIR = '.tmp';

/**
 * `list()` reports a temporary entry only once it has not been written to for this long: by then its
 * upload is dead, and the orphan sweep deletes it like any other unreferenced key.
 */
export const STALE_TEMP_MS = 60 * 60 * 1000;
