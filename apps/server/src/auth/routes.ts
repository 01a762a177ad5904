import {
  editProfilePayloadSchema,
  profileChangesFromWire,
  signInSchema,
  signupPayloadSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  userInfoSchema,
} from '@easio/shared';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../http/error-responses.js';
import { currentUser } from './authenticate.js';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS, DEVICE_COOKIE_PATH } from './devices.js';
import type { AuthService } from './service.js';

const errors = errorResponses(400, 401, 409, 422, 429);
const bearer = [{ bearer: [] }];

/** `/api/auth/*`: sign-up, sign-in and the signed-in user's own info. */
export async function authRoutes(app: FastifyInstance, { auth }: { auth: AuthService }) {
  // The token call takes form data, url-encoded (OAuth2 style) or multipart (a browser FormData).
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  await app.register(cookie);
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fields: 10, fieldSize: 4096, files: 0, parts: 10 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/signup',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Create an account (and its root folder). `hashed_password` carries the plain password, held to the ' +
          'password rule; `age_confirmation` says the owner is 18 or over (`adult`) or a guardian consents (`guardian`).',
        body: signupPayloadSchema,
        response: { 200: userInfoSchema, ...errors },
      },
    },
    async (request) => {
      const { username, email, hashed_password, region, age_confirmation } = request.body;
      return auth.signup({
        username,
        email,
        password: hashed_password,
        region,
        ageConfirmation: age_confirmation,
      });
    },
  );

  r.post(
    '/token',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with e-mail or username (case-insensitive) and password; OAuth2 password grant. ' +
          `Sets the \`${DEVICE_COOKIE}\` cookie, by which a later sign-in from this browser is known: ` +
          'failed guesses from elsewhere never throttle it. Throttled per account and address with ' +
          'exponential backoff (429 with Retry-After).',
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
        body: tokenRequestSchema,
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { token, deviceId } = await auth.issueToken({
        login: request.body.username,
        password: request.body.password,
        address: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        deviceId: request.cookies[DEVICE_COOKIE],
      });
      reply.setCookie(DEVICE_COOKIE, deviceId, {
        path: DEVICE_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      });
      return token;
    },
  );

  r.get(
    '/users/me/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: userInfoSchema, ...errors },
      },
    },
    async (request) => auth.info(currentUser(request)),
  );

  r.post(
    '/users/me/edit_profile',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary:
          'Change the signed-in user. `hashed_password` is the current password and `current_password` the new one; ' +
          'a password change retires every earlier token.',
        security: bearer,
        body: editProfilePayloadSchema,
        response: { 200: userInfoSchema, ...errors },
      },
    },
    async (request) => auth.editProfile(currentUser(request), profileChangesFromWire(request.body)),
  );

  r.post(
    '/users/me/sign_out_everywhere',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary:
          'Sign out every device: every earlier token (this one too) stops working; answers a new token for this device',
        security: bearer,
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    async (request) => auth.signOutElsewhere({ user: currentUser(request), sessionId: request.sessionId }),
  );

  r.get(
    '/users/me/sessions',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: "Where the user is signed in: each sign-in that still stands, this device's marked",
        security: bearer,
        response: { 200: z.array(signInSchema), ...errors },
      },
    },
    async (request) => auth.signIns({ user: currentUser(request), sessionId: request.sessionId }),
  );

  r.post(
    '/users/me/sessions/:id/end',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Sign out one device: that sign-in ends and its tokens stop working',
        security: bearer,
        params: z.object({ id: z.uuid({ error: 'Not a valid id' }) }),
        response: { 200: z.object({ ended: z.literal(true) }), ...errorResponses(404), ...errors },
      },
    },
    async (request) => {
      await auth.endSignIn(currentUser(request), request.params.id);
      return { ended: true as const };
    },
  );

  r.post(
    '/users/me/complete_onboarding',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Mark the signup wizard as finished',
        security: bearer,
        response: { 200: userInfoSchema, ...errors },
      },
    },
    async (request) => auth.completeOnboarding(currentUser(request)),
  );
}
