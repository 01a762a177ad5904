import {
  emailVerifiedAnswerSchema,
  forgotPasswordSchema,
  mailActionAnswerSchema,
  resendVerificationSchema,
  resetPasswordPayloadSchema,
  verifyEmailPayloadSchema,
} from '@easio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../http/error-responses.js';
import type { AccountMail } from './account-mail.js';
import { currentUser } from './authenticate.js';

const errors = errorResponses(400, 401, 409, 422, 429, 502, 503);

/** `/api/auth/…`: forgotten passwords and e-mail address verification, by links sent by mail. */
export async function accountMailRoutes(app: FastifyInstance, { accountMail }: { accountMail: AccountMail }) {
  // Mail still leaving when the server stops is waited for.
  app.addHook('onClose', () => accountMail.idle());
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/password/forgot',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Mail a link to choose a new password (valid 30 minutes, once) when an account uses the address; ' +
          'the answer is the same either way. 503 when the server sends no mail.',
        body: forgotPasswordSchema,
        response: { 200: mailActionAnswerSchema, ...errors },
      },
    },
    async (request) => accountMail.requestPasswordReset(request.body.email, request.ip),
  );

  r.post(
    '/password/reset',
    {
      schema: {
        tags: ['auth'],
        summary: "Set a new password with a reset link's token: every sign-in of the account ends",
        body: resetPasswordPayloadSchema,
        response: { 200: mailActionAnswerSchema, ...errors },
      },
    },
    async (request) => accountMail.resetPassword(request.body.token, request.body.password),
  );

  r.post(
    '/email/verify',
    {
      schema: {
        tags: ['auth'],
        summary: "Confirm the account's e-mail address with a verification link's token",
        body: verifyEmailPayloadSchema,
        response: { 200: emailVerifiedAnswerSchema, ...errors },
      },
    },
    async (request) => accountMail.verifyEmail(request.body.token),
  );

  r.post(
    '/email/resend',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Signed out: mail a new verification link to the account of this username or e-mail, if it is ' +
          'unverified; the answer is the same either way',
        body: resendVerificationSchema,
        response: { 200: mailActionAnswerSchema, ...errors },
      },
    },
    async (request) => accountMail.resendVerification(request.body.login, request.ip),
  );

  r.post(
    '/users/me/send_verification',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Mail the signed-in user a new link to confirm their e-mail address',
        security: [{ bearer: [] }],
        response: { 200: mailActionAnswerSchema, ...errors },
      },
    },
    async (request) => accountMail.sendVerification(currentUser(request)),
  );
}
