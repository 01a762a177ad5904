import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { z } from 'zod';
import { ItemError } from '../provider-errors.js';

const mediaSchema = z.object({
  url: z.string().url(),
  mime_type: z.string().optional(),
  file_size: z.number().optional(),
});

/** The parts of Meta's Graph API the WhatsApp source uses: media downloads and replies. */
export function createGraphApi({ apiUrl, accessToken }: { apiUrl: string; accessToken: string }) {
  const base = apiUrl.replace(/\/+$/, '');
  const auth = { authorization: `Bearer ${accessToken}` };
  return {
    /** A message's media: its address first (`GET /{media-id}`), then the bytes, streamed. */
    async media(mediaId: string): Promise<{ body: Readable; size: number | null }> {
      const meta = await fetch(`${base}/${encodeURIComponent(mediaId)}`, { headers: auth });
      if (!meta.ok) {
        await meta.body?.cancel();
        throw new ItemError(`WhatsApp answered ${meta.status} for the media`, meta.status);
      }
      const parsed = mediaSchema.safeParse(await meta.json().catch(() => null));
      if (!parsed.success) throw new ItemError('WhatsApp answered the media request in an unexpected shape');
      const bytes = await fetch(parsed.data.url, { headers: auth });
      if (!bytes.ok || !bytes.body) {
        await bytes.body?.cancel();
        throw new ItemError(`WhatsApp answered ${bytes.status} for the media's bytes`, bytes.status);
      }
      return {
        body: Readable.fromWeb(bytes.body as WebReadableStream<Uint8Array>),
        size: parsed.data.file_size ?? null,
      };
    },

    /** Sends a text to a WhatsApp user from Easio's number. */
    async reply(phoneNumberId: string, to: string, text: string): Promise<void> {
      const res = await fetch(`${base}/${encodeURIComponent(phoneNumberId)}/messages`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ messaging_product: 'whatsapp', to, type: 'text', text: { body: text } }),
      });
      await res.body?.cancel();
      if (!res.ok) throw new Error(`WhatsApp answered ${res.status} to the reply`);
    },
  };
}

export type GraphApi = ReturnType<typeof createGraphApi>;
