import { z } from 'zod';

const media = z.object({
  id: z.string().min(1),
  mime_type: z.string().optional(),
  caption: z.string().max(10_000).optional(),
  filename: z.string().max(500).optional(),
});

/** One message of a delivery; kinds Easio does not keep (reactions, stickers, contacts…) are `other`. */
export const webhookMessageSchema = z.object({
  from: z.string().regex(/^\d{6,20}$/),
  id: z.string().min(1).max(200),
  timestamp: z.string().regex(/^\d+$/),
  type: z.string(),
  text: z.object({ body: z.string().max(100_000) }).optional(),
  location: z
    .object({
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
      name: z.string().max(500).optional(),
      address: z.string().max(1000).optional(),
    })
    .optional(),
  image: media.optional(),
  document: media.optional(),
  audio: media.optional(),
  video: media.optional(),
});
export type WebhookMessage = z.infer<typeof webhookMessageSchema>;

/** A WhatsApp Business Cloud API delivery: entries of changes, each with messages (statuses are ignored). */
export const webhookDeliverySchema = z.object({
  object: z.string(),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              field: z.string(),
              value: z.object({ messages: z.array(z.unknown()).optional() }).passthrough(),
            }),
          )
          .max(1000),
      }),
    )
    .max(1000),
});
