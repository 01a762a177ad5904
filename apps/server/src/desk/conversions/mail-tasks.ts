import { parseRawMessage } from '../../sources/mail/mail-message.js';
import { parseOutlookMessage } from './outlook-message.js';

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** An e-mail read whole, its attachments' bytes in hand: all of it crosses to the server as a value. */
async function inHand(parsing: ReturnType<typeof parseRawMessage>) {
  const mail = await parsing;
  return {
    ...mail,
    attachments: mail.attachments.map((a) => {
      if (!Buffer.isBuffer(a.content)) throw new Error('An attachment read in memory has no bytes');
      return { ...a, content: a.content as Uint8Array };
    }),
  };
}

/** The parsing of uploaded e-mail files, run in a sandbox worker (see uploaded-email.ts). */
export const tasks = {
  rfc822: async ({ bytes }: { bytes: Uint8Array }) => inHand(parseRawMessage(asBuffer(bytes))),
  outlook: async ({ bytes }: { bytes: Uint8Array }) => inHand(parseOutlookMessage(asBuffer(bytes))),
};
