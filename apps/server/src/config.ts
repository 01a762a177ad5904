import path from 'node:path';
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
  /** Sentry's DSN for the web app's error reports; unset (the default), the browser reports nothing anywhere. */
  SENTRY_DSN: z.url({ protocol: /^https$/, error: 'SENTRY_DSN must be an https:// Sentry DSN' }).optional(),
  /** Largest file one upload may carry, in megabytes. */
  MAX_UPLOAD_MB: z.coerce
    .number()
    .positive()
    .max(1024 * 1024)
    .default(100),
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
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: flag.default(false),
});

export type Config = z.output<typeof configSchema> & { dataDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
