/** Where a signed-in person lands when nothing else was asked for. */
export const HOME_PATH = '/my-desk';

/** Pages that must not be returned to after signing in (they would loop or sign out again). */
const NOT_AFTER_SIGN_IN = /^\/(login|signup|signup-org|signout)(\/|$)/;

/**
 * The in-app page a `?next=` asks to return to after signing in, or null. Only a path of this app is
 * taken: never another origin (`//evil.example`, `/\evil.example`, `https://…`), never a scheme such
 * as `javascript:`, never the login or sign-up pages themselves.
 */
export function safeNextPath(
  raw: string | null | undefined,
  origin: string = window.location.origin,
): string | null {
  if (!raw || raw.length > 2048 || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) {
    return null;
  }
  // Control characters and backslashes could be read by a browser as another host.
  if ([...raw].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f' || c === '\\')) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  if (NOT_AFTER_SIGN_IN.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login address that comes back to `path` after signing in (plain /login for the home page). */
export function loginPathFor(path: string): string {
  const next = safeNextPath(path, 'http://app.invalid');
  return next && next !== HOME_PATH ? `/login?next=${encodeURIComponent(next)}` : '/login';
}
