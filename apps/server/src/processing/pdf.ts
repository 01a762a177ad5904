import type { getDocumentProxy } from 'unpdf';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/**
 * pdf.js calls `ArrayBuffer.prototype.transferToFixedLength` (ES2024, Node 21+) when it compiles
 * fonts to draw them; without it, every page of a PDF renders blank on Node 20. Same semantics: the
 * bytes move to a new buffer of the asked length and the old one is detached.
 */
function ensureTransferToFixedLength(): void {
  if ('transferToFixedLength' in ArrayBuffer.prototype) return;
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value(this: ArrayBuffer, length: number = this.byteLength): ArrayBuffer {
      const moved = new ArrayBuffer(length);
      new Uint8Array(moved).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      structuredClone(this, { transfer: [this] });
      return moved;
    },
  });
}

/** Why pdf.js could not open a file, in words for the user. */
function unreadable(error: unknown): Error {
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') return new Error('The PDF is protected by a password');
  const reason = error instanceof Error ? error.message : String(error);
  return new Error(`The PDF could not be read: ${reason}`);
}

export const importCanvas = () => import('@napi-rs/canvas');

/** Opens a PDF (pdf.js gets a copy: it detaches the buffer it is given). Destroy it when done. */
async function openPdf(bytes: Buffer, { forDrawing }: { forDrawing: boolean }): Promise<PdfDocument> {
  ensureTransferToFixedLength();
  // Drawing needs canvases in Node (@napi-rs/canvas), for the page and for pdf.js's scratch work.
  const { createIsomorphicCanvasFactory, getDocumentProxy } = await import('unpdf');
  const CanvasFactory = forDrawing ? await createIsomorphicCanvasFactory(importCanvas) : undefined;
  try {
    return await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, CanvasFactory });
  } catch (error) {
    throw unreadable(error);
  }
}

/** Runs `use` on the opened PDF; errors pdf.js raises meanwhile are worded for the user too. */
export async function withPdf<T>(
  bytes: Buffer,
  use: (pdf: PdfDocument) => Promise<T>,
  options = { forDrawing: false },
): Promise<T> {
  const pdf = await openPdf(bytes, options);
  try {
    return await use(pdf);
  } catch (error) {
    throw unreadable(error);
  } finally {
    await pdf.destroy();
  }
}
