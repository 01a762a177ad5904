import type { PublicConfig } from '@easio/shared';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { restoreRoutes } from './account/restore-routes.js';
import { accountRoutes } from './account/routes.js';
import { createAccountMail } from './auth/account-mail.js';
import { accountMailRoutes } from './auth/account-mail-routes.js';
import { authenticationPlugin } from './auth/authenticate.js';
import { createEmailTokens } from './auth/email-tokens.js';
import { createMailThrottle } from './auth/mail-throttle.js';
import { createUserRepository } from './auth/repository.js';
import { authRoutes } from './auth/routes.js';
import { createAuthService } from './auth/service.js';
import { createSessionStore } from './auth/sessions.js';
import { createLoginThrottle } from './auth/throttle.js';
import { createTokenIssuer } from './auth/tokens.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { deskPlugin } from './desk/plugin.js';
import { createDeskService } from './desk/service.js';
import { createUrlSigner } from './desk/signed-urls.js';
import { createApiTokens } from './extension/api-tokens.js';
import { builtExtensions, extensionPackageRoutes } from './extension/extension-package.js';
import { extensionRoutes } from './extension/extension-routes.js';
import { tokenRoutes } from './extension/token-routes.js';
import { geoRoutes } from './geo/routes.js';
import { registerErrorHandler } from './http/errors.js';
import { countInFlight } from './http/in-flight.js';
import { registerOpenApi } from './http/openapi.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { clientLimitOptions, clientLimitsFrom, guardBodies } from './http/slow-clients.js';
import { registerSpa } from './http/spa.js';
import { createLiveHub } from './live/hub.js';
import { livePlugin } from './live/plugin.js';
import { createLiveSchema } from './live/schema.js';
import type { Mailer } from './mail-out/mailer.js';
import { metaRoutes } from './meta/routes.js';
import { recommendationRoutes } from './recommendations/routes.js';
import { createRecommendationService } from './recommendations/service.js';
import { searchRoutes } from './search/routes.js';
import { createSearchService } from './search/service.js';
import type { Services } from './services.js';
import { subscriptionRoutes } from './sources/calendar-feeds/subscription-routes.js';
import { icsRoutes } from './sources/calendar-files/ics-routes.js';
import { dropboxRoutes } from './sources/dropbox/dropbox-routes.js';
import { googleRoutes } from './sources/google/google-routes.js';
import { importRunRoutes } from './sources/imports/import-routes.js';
import { mailRoutes } from './sources/mail/mail-routes.js';
import { moveInRoutes } from './sources/move-in/move-in-routes.js';
import { createOAuthStates } from './sources/oauth-states.js';
import { sourceRoutes } from './sources/routes.js';
import { createSourcesService } from './sources/service.js';
import { chatExportRoutes } from './sources/whatsapp/chat-export-routes.js';
import { whatsappWebhookRoutes } from './sources/whatsapp/webhook-routes.js';
import type { BlobStore } from './storage/blob-store.js';

export const JSON_BODY_LIMIT = 1024 * 1024;
const COMPRESS_IN_ONE_CALL_BYTES = 256 * 1024;

export interface AppDeps {
  config: Config;
  database: Database;
  blobs: BlobStore;
  /** The process's services, built once by `createServices` (services.ts): the app only routes to them. */
  services: Services;
  jwtSecret: string;
  /** Sends the server's own mail (password resets, address verification); null without SMTP_URL. */
  mailer: Mailer | null;
  /** The built web app to serve; API only when absent. */
  webDistDir?: string;
  /** The browser extension's builds (`<browser>-mv3`), handed out as ZIPs when it is in no store. */
  extensionDistDir?: string;
}

/** The whole server from its dependencies: each domain is a plugin, composed here and nowhere else. */
export async function buildApp({
  config,
  database,
  blobs,
  services,
  jwtSecret,
  mailer,
  webDistDir,
  extensionDistDir,
}: AppDeps): Promise<FastifyInstance> {
  const limits = clientLimitsFrom(config);
  const app = Fastify({
    ...clientLimitOptions(limits),
    loggerInstance: services.log,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
  });
  guardBodies(app.server, limits, app.log);
  countInFlight(app, services.inFlight);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON and forms only: anything else is a 415, not a string that fails validation later.
  app.removeContentTypeParser('text/plain');
  registerErrorHandler(app);
  await registerSecurityHeaders(app, { reportTo: config.SENTRY_DSN });
  // Answers over 1 KB go out gzip- or brotli-compressed when the client accepts it (the web app's JS is ~70% smaller).
  // Up to 256 KB in one synchronous call (~1 ms for a 64 KB page of search results): on two cores the
  // streaming path's thread-pool hops cost several times the compression itself.
  await app.register(compress, { threshold: 1024, syncThreshold: COMPRESS_IN_ONE_CALL_BYTES });
  await registerOpenApi(app);

  const users = createUserRepository(database.db);
  const accountMail = createAccountMail({
    db: database.db,
    users,
    tokens: createEmailTokens(database.db),
    throttle: createMailThrottle(database.db),
    mailer,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  const auth = createAuthService({
    users,
    throttle: createLoginThrottle(database.db),
    tokens: createTokenIssuer(jwtSecret, config.ACCESS_TOKEN_TTL_HOURS),
    sessions: createSessionStore(database.db),
    mail: accountMail.hooks,
    requireVerifiedEmail: config.REQUIRE_VERIFIED_EMAIL,
  });
  const { sources, releaseBlobs, itemsAdded, onFilesStored, onLinksSaved, onOcrAsked, syncScheduler } =
    services;
  const publicConfig: PublicConfig = {
    google: { configured: sources.google !== null },
    dropbox: { configured: sources.dropbox !== null },
    whatsapp: { configured: sources.whatsapp !== null },
    extension: {
      store_url: config.EXTENSION_STORE_URL ?? null,
      firefox_store_url: config.EXTENSION_FIREFOX_STORE_URL ?? null,
      packages: builtExtensions(extensionDistDir),
    },
    error_reporting: { sentry_dsn: config.SENTRY_DSN ?? null },
    mail: { configured: mailer !== null, require_verified_email: config.REQUIRE_VERIFIED_EMAIL },
    trash: { days: config.TRASH_DAYS },
    privacy: {
      contact_email: config.PRIVACY_CONTACT_EMAIL ?? null,
      postal_address: config.PRIVACY_POSTAL_ADDRESS?.replaceAll('\\n', '\n') ?? null,
      request_url: config.PRIVACY_REQUEST_URL ?? null,
    },
  };

  const signer = createUrlSigner(jwtSecret);
  const sourcesService = createSourcesService({
    db: database.db,
    store: sources.store,
    runner: sources.runner,
    scheduler: syncScheduler,
    revoke: sources.revoke,
    sources: sources.sources,
    releaseBlobs,
  });

  await app.register(authenticationPlugin, { auth });
  await app.register(authRoutes, { prefix: '/api/auth', auth });
  await app.register(accountMailRoutes, { prefix: '/api/auth', accountMail });
  await app.register(metaRoutes, { prefix: '/api', publicConfig, database });
  await app.register(dropboxRoutes, {
    prefix: '/api',
    dropbox: sources.dropbox,
    states: createOAuthStates(database.db),
    sources: sourcesService,
    publicUrl: config.publicUrl,
  });
  await app.register(geoRoutes, { prefix: '/api' });
  await app.register(accountRoutes, {
    prefix: '/api/account',
    db: database.db,
    blobs,
    users,
    releaseBlobs,
    revokeSources: sources.revokerFor,
  });
  await app.register(restoreRoutes, {
    prefix: '/api/account',
    imports: services.imports.service,
    maxBytes: Math.floor(config.MAX_ARCHIVE_MB * 1024 * 1024),
  });
  const apiTokens = createApiTokens(database.db);
  await app.register(tokenRoutes, { prefix: '/api/account', tokens: apiTokens });
  await app.register(extensionPackageRoutes, { prefix: '/api/extension-package', distDir: extensionDistDir });
  await app.register(extensionRoutes, {
    prefix: '/api/extension',
    db: database.db,
    tokens: apiTokens,
    desk: createDeskService({
      db: database.db,
      signer,
      releaseBlobs,
      onItemsAdded: itemsAdded,
      onLinksSaved,
    }),
  });
  await app.register(deskPlugin, {
    prefix: '/api/desk',
    db: database.db,
    blobs,
    signer,
    maxUploadBytes: Math.floor(config.MAX_UPLOAD_MB * 1024 * 1024),
    trashDays: config.TRASH_DAYS,
    releaseBlobs,
    onFilesStored,
    // A generation that could not be queued must not fail the upload: it runs at the next one.
    onItemsAdded: itemsAdded,
    onLinksSaved,
    onOcrAsked,
  });
  await app.register(googleRoutes, {
    prefix: '/api',
    db: database.db,
    google: sources.google,
    states: createOAuthStates(database.db),
    auth,
    store: sources.store,
    sources: sourcesService,
    services: [...sources.sources.values()].filter((s) => s.provider === 'google').map((s) => s.service),
    publicUrl: config.publicUrl,
  });
  await app.register(whatsappWebhookRoutes, {
    prefix: '/api/whatsapp',
    db: database.db,
    sources: sourcesService,
    whatsapp: sources.whatsapp,
  });
  await app.register(chatExportRoutes, {
    prefix: '/api/whatsapp',
    blobs,
    sources: sourcesService,
    maxBytes: Math.floor(config.MAX_UPLOAD_MB * 1024 * 1024),
    releaseBlobs,
  });
  await app.register(moveInRoutes, {
    prefix: '/api/imports',
    imports: services.imports.service,
    maxArchiveBytes: Math.floor(config.MAX_ARCHIVE_MB * 1024 * 1024),
  });
  await app.register(importRunRoutes, { prefix: '/api/imports/runs', imports: services.imports.service });
  await app.register(icsRoutes, {
    prefix: '/api/calendars',
    db: database.db,
    sources: sourcesService,
    releaseBlobs,
  });
  await app.register(subscriptionRoutes, {
    prefix: '/api/calendars',
    db: database.db,
    store: sources.store,
    scheduler: syncScheduler,
    policy: sources.addressPolicy,
    releaseBlobs,
  });
  await app.register(mailRoutes, {
    prefix: '/api/mail',
    store: sources.store,
    sources: sourcesService,
    policy: sources.addressPolicy,
    maxBytes: Math.floor(config.MAX_UPLOAD_MB * 1024 * 1024),
  });
  await app.register(sourceRoutes, {
    prefix: '/api/sources',
    sources: sourcesService,
  });
  await app.register(searchRoutes, {
    prefix: '/api/search',
    search: createSearchService({ db: database.db, signer }),
  });
  await app.register(recommendationRoutes, {
    prefix: '/api/recommendations',
    recommendations: createRecommendationService({
      db: database.db,
      signer,
      scheduler: services.recommendationScheduler,
    }),
  });
  const hub = await createLiveHub(database, app.log);
  app.addHook('onClose', () => hub.close());
  await app.register(livePlugin, {
    schema: createLiveSchema({ db: database.db, users, hub }),
    auth,
    introspection: config.GRAPHQL_INTROSPECTION,
    limits: {
      connectionsPerUser: config.LIVE_CONNECTIONS_PER_USER,
      operationsPerMinute: config.GRAPHQL_OPERATIONS_PER_MINUTE,
    },
  });
  await registerSpa(app, webDistDir);
  return app;
}
