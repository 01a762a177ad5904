import path from 'node:path';
import { TRASH_DAYS_DEFAULT } from '@easio/shared';
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable Easio reads, parsed once. The README's configuration table mirrors this. */
export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(24 * 7),
  TRUST_PROXY: flag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  EXTENSION_STORE_URL: z.url().optional(),
  /** The extension's page on addons.mozilla.org, linked for Firefox users instead of EXTENSION_STORE_URL. */
  EXTENSION_FIREFOX_STORE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Sentry's DSN for the web app's error reports; unset (the default), the browser reports nothing anywhere. */
  SENTRY_DSN: z.url({ protocol: /^https$/, error: 'SENTRY_DSN must be an https:// Sentry DSN' }).optional(),
  /** How people reach the operator about their personal data, shown in the privacy notice and Help. */
  PRIVACY_CONTACT_EMAIL: z.email({ error: 'PRIVACY_CONTACT_EMAIL must be an e-mail address' }).optional(),
  PRIVACY_POSTAL_ADDRESS: z.string().trim().min(1).max(500).optional(),
  PRIVACY_REQUEST_URL: z
    .url({ protocol: /^https?$/, error: 'PRIVACY_REQUEST_URL must be an http(s):// address' })
    .optional(),
  /** Largest file one upload may carry, in megabytes. */
  MAX_UPLOAD_MB: z.coerce
    .number()
    .positive()
    .max(1024 * 1024)
    .default(100),
  /** Largest archive of another app moved in with its files (a Paperless-ngx export), in megabytes; also what it may unpack to. */
  MAX_ARCHIVE_MB: z.coerce
    .number()
    .positive()
    .max(1024 * 1024)
    .default(20 * 1024),
  /** The request line and headers must have arrived within this many seconds (a silent new connection too). */
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(300).default(20),
  /**
   * While a request body arrives, every stretch of this many seconds must bring at least
   * BODY_MIN_BYTES_PER_SECOND × it (a stalled body ends after it); else 408 and the connection closes.
   * There is no total time: a large upload on a slow but steady link takes what it takes.
   */
  BODY_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  BODY_MIN_BYTES_PER_SECOND: z.coerce
    .number()
    .int()
    .min(0)
    .max(100 * 1024 * 1024)
    .default(2048),
  /** An idle kept-alive connection is closed after this many seconds (longer than a proxy's usual 60). */
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3600).default(72),
  /** Requests one connection may carry before the server closes it (0: no limit). */
  MAX_REQUESTS_PER_CONNECTION: z.coerce.number().int().min(0).max(1_000_000).default(1000),
  /** Seconds after new items arrive before recommendations are generated for them (more arrivals fold in). */
  RECOMMEND_AFTER_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60 * 60)
    .default(30),
  /** An OpenAI-compatible API (OpenAI, a local Ollama…) that may refine new binder names; unset, the engine names alone. */
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).default('llama3.2'),
  /** How long one naming request may take before the engine's names are kept. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** `local` (files under DATA_DIR/blobs) or `s3://bucket[/prefix]`. */
  BLOB_STORE: z
    .string()
    .regex(
      /^(local|s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?)$/,
      'BLOB_STORE must be local or s3://bucket[/prefix]',
    )
    .default('local'),
  S3_ENDPOINT: z.url().optional(),
  /** The address users reach Easio at, for OAuth return addresses; default http://localhost:PORT. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Seals OAuth tokens at rest (any secret of 32+ characters); unset, one is generated into DATA_DIR. */
  TOKEN_ENCRYPTION_KEY: z.string().min(32, 'TOKEN_ENCRYPTION_KEY must be at least 32 characters').optional(),
  /** Sign in with Google and the Drive, Gmail and Calendar imports: both set, or Google is off. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Google's OpenID issuer (its discovery document names the authorization, token and user info endpoints). */
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  /** Where the Drive, Gmail and Calendar APIs are served. */
  GOOGLE_API_URL: z.url().default('https://www.googleapis.com'),
  /** Dropbox imports: an app's key and secret (both, or Dropbox is off). */
  DROPBOX_APP_KEY: z.string().min(1).optional(),
  DROPBOX_APP_SECRET: z.string().min(1).optional(),
  /** Where Dropbox's consent page is (`/oauth2/authorize` under it). */
  DROPBOX_OAUTH_URL: z.url().default('https://www.dropbox.com'),
  /** Dropbox's API (token endpoint and `/2/…` calls) and its content host (downloads). */
  DROPBOX_API_URL: z.url().default('https://api.dropboxapi.com'),
  DROPBOX_CONTENT_URL: z.url().default('https://content.dropboxapi.com'),
  /**
   * The WhatsApp Business Cloud API: what the webhook's verification must name, the app secret its
   * deliveries are signed with, and the token media is downloaded with (all three, or WhatsApp is off).
   */
  WHATSAPP_VERIFY_TOKEN: z.string().min(8).optional(),
  WHATSAPP_APP_SECRET: z.string().min(8).optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().min(8).optional(),
  /** Easio's business number's id: set, each saved message is answered "Saved to your desk". */
  WHATSAPP_PHONE_NUMBER_ID: z.string().min(1).optional(),
  WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v21.0'),
  /** File downloads one sync runs at once. */
  IMPORT_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  /** Days a deleted item stays in the Trash, restorable, before it is deleted for good. */
  TRASH_DAYS: z.coerce.number().int().min(1).max(3650).default(TRASH_DAYS_DEFAULT),
  /** Connected sources are synced again this often (0: only when asked). */
  SYNC_EVERY_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(60),
  /**
   * Lets the addresses users give (calendar subscriptions, mail servers) be on private, loopback or
   * link-local networks: for a server whose users' mail server is on its own LAN, and for tests.
   */
  ALLOW_PRIVATE_ADDRESSES: flag.default(false),
  /**
   * Saved links are previewed: the server reads the page (through the guarded fetcher) for its title,
   * description, icon, picture and text. Off: links keep only what the user or the extension gave.
   */
  LINK_PREVIEWS: flag.default(true),
  /** GraphQL answers introspection queries (schema discovery for development tools). Off: refused. */
  GRAPHQL_INTROSPECTION: flag.default(false),
  /**
   * Live (GraphQL WebSocket) connections one user may hold open to one server process; one more is
   * closed with 1013 "Try Again Later". The web app opens one per tab.
   */
  LIVE_CONNECTIONS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(20),
  /**
   * GraphQL operations (HTTP queries and mutations, and subscriptions started over the socket) one user
   * may send to one server process: this many at once, then this many a minute (a token bucket). Over
   * it: 429 over HTTP, an error for that operation over the socket.
   */
  GRAPHQL_OPERATIONS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  /** Lets a mail server without TLS be read (one on the same machine or LAN; tests). Off: TLS or STARTTLS only. */
  IMAP_ALLOW_PLAINTEXT: flag.default(false),
  /**
   * The mail server Easio sends from (password resets, address verification, notices):
   * `smtp://user:password@host:587` (STARTTLS when offered) or `smtps://…:465`. Unset: no mail is sent.
   */
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// address' })
    .optional(),
  /** The sender of that mail, `Name <address>` or an address; default `Easio <no-reply@` the PUBLIC_URL's host `>`. */
  MAIL_FROM: z.string().trim().min(3).max(320).optional(),
  /** Password sign-in waits until the account's e-mail address is verified (needs SMTP_URL). */
  REQUIRE_VERIFIED_EMAIL: flag.default(false),
  /** Files parsed at once (text, previews, PDF pages), each in a worker process of its own with the limits below. */
  PROCESSING_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
  /** Each parsing worker's memory (its process's resident memory and heap), in MB: a file needing more fails alone ("too large once unpacked"). */
  PROCESSING_MEMORY_MB: z.coerce.number().int().min(128).max(8192).default(256),
  /** A file's parsing taking longer than this fails alone (previews give up after 20 s). */
  PROCESSING_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /** Text is read (OCR) out of scans, photos of documents and PDF pages without a text layer. Off: never. */
  OCR: z
    .enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'])
    .transform((v) => ['on', 'true', '1', 'yes'].includes(v))
    .default(true),
  /** Pictures read at once (each reader is a worker thread with ~100–200 MB while it works). */
  OCR_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  /** Pages of one PDF read at most; the rest are left unread (and the item says so). */
  OCR_MAX_PAGES: z.coerce.number().int().min(1).max(2000).default(50),
  /** One page (or picture) taking longer than this is skipped. */
  OCR_PAGE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(60),
  /** Languages read, tesseract's codes joined by `+` or `,` (each needs its `@tesseract.js-data/<code>` package). */
  OCR_LANGUAGES: z
    .string()
    .trim()
    .regex(/^[a-z_]{3,16}([+,][a-z_]{3,16})*$/, 'OCR_LANGUAGES must be language codes joined by + (eng+fra)')
    .default('eng')
    .transform((v) => [...new Set(v.split(/[+,]/))]),
  /**
   * The scanner folder: files a scanner or another program drops here (subfolders too) are stored on
   * CONSUME_USER's desk once they have held still, then deleted, or moved to CONSUME_DONE_DIR. Unset: off.
   */
  CONSUME_DIR: z.string().min(1).optional(),
  /** The username or e-mail address of the account that receives the scanner folder's files. */
  CONSUME_USER: z.string().trim().min(1).optional(),
  /** Where the scanner folder's stored files are moved instead of being deleted. */
  CONSUME_DONE_DIR: z.string().min(1).optional(),
  /** The scanner folder is looked through this often (and at once when the system reports a change). */
  CONSUME_POLL_SECONDS: z.coerce.number().min(0.05).max(3600).default(10),
  /** A file is taken only once its size and modification time have not changed for this long. */
  CONSUME_STABLE_SECONDS: z.coerce.number().min(0.05).max(3600).default(5),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: flag.default(false),
});

export type Config = z.output<typeof configSchema> & { dataDir: string; publicUrl: string; mailFrom: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.REQUIRE_VERIFIED_EMAIL && !parsed.data.SMTP_URL) {
    // Nobody could ever verify an address, so nobody could sign in with a password.
    throw new Error('Invalid configuration:\n  REQUIRE_VERIFIED_EMAIL: needs SMTP_URL, to send the links');
  }
  const consume = consumeProblem(parsed.data);
  if (consume) throw new Error(`Invalid configuration:\n  ${consume}`);
  const publicUrl = (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, '');
  const mailFrom = parsed.data.MAIL_FROM ?? `Easio <no-reply@${new URL(publicUrl).hostname}>`;
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR), publicUrl, mailFrom };
}

function consumeProblem(c: z.output<typeof configSchema>): string | null {
  if (!c.CONSUME_DIR) {
    if (c.CONSUME_USER) return 'CONSUME_USER: needs CONSUME_DIR, the folder to take files from';
    if (c.CONSUME_DONE_DIR) return 'CONSUME_DONE_DIR: needs CONSUME_DIR, the folder to take files from';
    return null;
  }
  if (!c.CONSUME_USER) return 'CONSUME_DIR: needs CONSUME_USER, the account that receives the files';
  if (c.CONSUME_DONE_DIR && path.resolve(c.CONSUME_DONE_DIR) === path.resolve(c.CONSUME_DIR)) {
    return 'CONSUME_DONE_DIR: must not be CONSUME_DIR itself (its files would be taken again)';
  }
  return null;
}
