import { z } from 'zod';

/** `GET /api/config`: what this server offers, so the client says plainly what is not set up. */
export const publicConfigSchema = z.object({
  google: z.object({ configured: z.boolean() }),
  dropbox: z.object({ configured: z.boolean() }),
  whatsapp: z.object({ configured: z.boolean() }),
  extension: z.object({ store_url: z.string().nullable() }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
