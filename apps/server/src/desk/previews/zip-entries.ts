import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/**
 * The entries of a zip held in memory that `maxBytesOf` allows, each read only when it declares at most
 * that many bytes (0: not wanted); a zip bomb's entries are skipped, and one holding more than it
 * declares fails.
 */
export async function readZipEntries(
  bytes: Buffer,
  maxBytesOf: (name: string) => number,
): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, file) =>
      error ? reject(error) : resolve(file),
    ),
  );
  const found = new Map<string, Buffer>();
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const most = maxBytesOf(entry.fileName);
        if (most === 0 || entry.uncompressedSize > most) {
          zip.readEntry();
          return;
        }
        zip.openReadStream(entry, (error, stream: Readable) => {
          if (error) return reject(error);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            found.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return found;
}
