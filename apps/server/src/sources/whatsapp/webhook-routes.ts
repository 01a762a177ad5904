import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { errorResponses } from '../../http/error-responses.js';
import { HttpError } from '../../http/http-error.js';
import type { SourcesService } from '../service.js';
import type { ImportedItem } from '../source.js';
import type { GraphApi } from './graph-api.js';
import { type WebhookMessage, webhookDeliverySchema, webhookMessageSchema } from './webhook-payload.js';
import { itemOfMessage } from './whatsapp-source.js';

/** A delivery is a few kilobytes; anything near this is not one. */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;
export const SAVED_REPLY = 'Saved to your desk';

export interface WhatsappWebhookDeps {
  db: Db;
  sources: SourcesService;
  /** Null when WhatsApp is not configured on this server. */
  whatsapp: { verifyToken: string; appSecret: string; graph: GraphApi; phoneNumberId: string | null } | null;
}

function signatureMatches(secret: string, body: Buffer, header: string | undefined): boolean {
  const given = /^sha256=([0-9a-f]{64})$/i.exec(header ?? '')?.[1];
  if (!given) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

/**
 * The WhatsApp Business Cloud API webhook: `GET` answers Meta's verification, `POST` takes deliveries
 * signed with the app secret (`X-Hub-Signature-256` over the exact bytes). Each message from a number a
 * user saved (WhatsApp on) lands on their desk, once however often it is delivered; messages from
 * unknown numbers are acknowledged and dropped, never stored.
 */
export async function whatsappWebhookRoutes(app: FastifyInstance, deps: WhatsappWebhookDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The signature covers the raw bytes: keep them (only here), and refuse what is too big to be a delivery.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );
  const configured = () => {
    if (!deps.whatsapp) throw new HttpError(404, 'WhatsApp is not configured on this server');
    return deps.whatsapp;
  };

  r.get(
    '/webhook',
    {
      schema: {
        tags: ['sources'],
        summary: "Meta's webhook verification: answers hub.challenge when hub.verify_token is this server's",
        querystring: z.object({
          'hub.mode': z.string().max(50).optional(),
          'hub.verify_token': z.string().max(500).optional(),
          'hub.challenge': z.string().max(500).optional(),
        }),
      },
    },
    async (request, reply) => {
      const whatsapp = configured();
      const q = request.query;
      if (
        q['hub.mode'] !== 'subscribe' ||
        q['hub.verify_token'] !== whatsapp.verifyToken ||
        !q['hub.challenge']
      ) {
        throw new HttpError(403, 'The verify token does not match');
      }
      return reply.type('text/plain').send(q['hub.challenge']);
    },
  );

  r.post(
    '/webhook',
    {
      schema: {
        tags: ['sources'],
        summary:
          'WhatsApp deliveries, signed (X-Hub-Signature-256); each message from a known number lands on its desk',
        response: {
          200: z.object({ received: z.number().int() }),
          ...errorResponses(400, 401, 502),
        },
      },
    },
    async (request) => {
      const whatsapp = configured();
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) throw new HttpError(400, 'Send the delivery as application/json');
      const signature = request.headers['x-hub-signature-256'];
      if (!signatureMatches(whatsapp.appSecret, raw, typeof signature === 'string' ? signature : undefined)) {
        throw new HttpError(401, 'The delivery is not signed with this app’s secret');
      }
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new HttpError(400, 'The delivery is not JSON');
      }
      const delivery = webhookDeliverySchema.safeParse(body);
      if (!delivery.success) throw new HttpError(400, 'Not a WhatsApp delivery');

      const messages = delivery.data.entry
        .flatMap((e) => e.changes)
        .filter((c) => c.field === 'messages')
        .flatMap((c) => c.value.messages ?? [])
        .flatMap((m) => {
          const parsed = webhookMessageSchema.safeParse(m);
          return parsed.success ? [parsed.data] : [];
        });
      const senders = [...new Set(messages.map((m) => m.from))];
      const owners =
        senders.length === 0
          ? []
          : await deps.db
              .select({ id: users.id, phone: users.phoneNumber })
              .from(users)
              .where(and(eq(users.whatsappActive, true), inArray(users.phoneNumber, senders)));
      let failed = 0;
      for (const owner of owners) {
        const theirs = messages.filter((m: WebhookMessage) => m.from === owner.phone);
        const items = theirs
          .map((m) => itemOfMessage(m, whatsapp.graph))
          .filter((i): i is ImportedItem => i !== null);
        const intake = await deps.sources.intake(owner.id, 'whatsapp');
        const counts = await intake.importItems(items);
        failed += counts.failed;
        if (counts.imported > 0 && whatsapp.phoneNumberId && owner.phone) {
          await whatsapp.graph
            .reply(whatsapp.phoneNumberId, owner.phone, SAVED_REPLY)
            .catch((err: unknown) =>
              request.log.warn({ err: err instanceof Error ? err.message : err }, 'no WhatsApp reply'),
            );
        }
      }
      const dropped = messages.filter((m) => !owners.some((o) => o.phone === m.from)).length;
      if (dropped) request.log.info({ dropped }, 'WhatsApp messages from unknown numbers dropped');
      // A media download failed: it is listed, and a non-200 makes WhatsApp deliver again (stored ones are skipped).
      if (failed) throw new HttpError(502, 'Some media could not be downloaded; deliver again');
      return { received: messages.length };
    },
  );
}
