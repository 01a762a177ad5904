import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer. The content policy allows only this origin's scripts; styles may
 * be inline because the component library sets CSS variables in style attributes; pictures may come
 * from any https address because profile pictures are links. Calls go to this origin only, and to
 * the error-reporting service when one is configured (`reportTo`, a Sentry DSN), whose session
 * replay runs in a worker.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { reportTo }: { reportTo?: string } = {},
) {
  const reporting = reportTo ? [new URL(reportTo).origin] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'connect-src': ["'self'", ...reporting],
        'worker-src': ["'self'", ...(reporting.length > 0 ? ['blob:'] : [])],
        'font-src': ["'self'", 'data:'],
        'object-src': ["'none'"],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': null,
      },
    },
    // The app is served over plain http on localhost by default; HSTS is the proxy's job.
    strictTransportSecurity: false,
  });
}
