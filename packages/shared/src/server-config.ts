import { z } from 'zod';

/** `GET /api/config`: what this server offers, so the client says plainly what is not set up. */
export const publicConfigSchema = z.object({
  google: z.object({ configured: z.boolean() }),
  dropbox: z.object({ configured: z.boolean() }),
  whatsapp: z.object({ configured: z.boolean() }),
  extension: z.object({
    store_url: z.string().nullable(),
    /** Firefox's store page (addons.mozilla.org), when it differs. */
    firefox_store_url: z.string().nullable(),
    /** Builds this server hands out as ZIPs (`/api/extension-package/<browser>`) to load unpacked. */
    packages: z.object({ chrome: z.boolean(), firefox: z.boolean() }),
  }),
  /** Error reporting (Sentry), only when the server is configured with a DSN: off by default. */
  error_reporting: z.object({ sentry_dsn: z.string().nullable() }),
  /**
   * Whether the server sends mail (password reset links, address verification), and whether password
   * sign-in waits until the address is verified.
   */
  mail: z.object({ configured: z.boolean(), require_verified_email: z.boolean() }),
  /** Days a deleted item stays in the Trash before it is deleted for good. */
  trash: z.object({ days: z.number() }),
  /** How to reach this server's operator about personal data: each null when not configured. */
  privacy: z.object({
    contact_email: z.string().nullable(),
    postal_address: z.string().nullable(),
    request_url: z.string().nullable(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** The extension's store page for this browser: Firefox's own when set and the browser is Firefox. */
export function extensionStoreUrl(extension: PublicConfig['extension'], userAgent: string): string | null {
  return (/\bFirefox\//.test(userAgent) && extension.firefox_store_url) || extension.store_url;
}
