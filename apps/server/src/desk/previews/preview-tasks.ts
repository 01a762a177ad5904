import { renderDocument } from './render-document.js';

/** The parsing of previews, run in a sandbox worker (see render-preview.ts). */
export const tasks = {
  render: async (input: { bytes: Uint8Array; mimeType: string; format: 'document' | 'table' }) =>
    renderDocument({
      ...input,
      bytes: Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength),
    }),
};
