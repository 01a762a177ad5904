/**
 * Error reporting, only when the server names a Sentry DSN (`SENTRY_DSN`): the SDK is then loaded
 * (a chunk of its own, never fetched otherwise) and started with the sampling the spec gives: every
 * transaction traced, one session in ten replayed, and every session that meets an error. Without a
 * DSN nothing is loaded and the browser calls no one but this server.
 */
export async function startErrorReporting(dsn: string | null): Promise<void> {
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
