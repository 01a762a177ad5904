import { fetchPublicConfig } from '../api/auth';

/**
 * Error reporting, only when the server names a Sentry DSN (`SENTRY_DSN` in `/api/config`): the SDK
 * is then loaded (a chunk of its own, never fetched otherwise) and started with the sampling the spec
 * gives: every transaction traced, one session in ten replayed, and every session that meets an
 * error. Without a DSN nothing more is loaded and the browser calls no one but this server. This
 * module is itself loaded after the first render (`main.tsx`), so none of it weighs on the landing page.
 */
export async function startErrorReporting(): Promise<void> {
  const dsn = (await fetchPublicConfig()).error_reporting.sentry_dsn;
  if (!dsn) return;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn,
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()],
    tracesSampleRate: 1,
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1,
    sendDefaultPii: false,
  });
}
