import yauzl from 'yauzl';
import { listEntries, type ZipLimits, ZipRefused } from './checked-zip.js';

/**
 * Proves a ZIP held in memory (a Word, OpenDocument or Excel file) unpacks within `limits` before a
 * parser inflates it whole: its directory is checked as openCheckedZip checks an upload's (names, entry
 * count, declared total, bomb ratio), then every entry is inflated and thrown away as it streams, so an
 * entry holding more than it declares is caught too. Throws ZipRefused.
 */
export async function checkZipInMemory(bytes: Buffer, limits: ZipLimits): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(
        bytes,
        { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
        (error, file) => (error ? reject(error) : resolve(file)),
      ),
    );
  } catch {
    throw new ZipRefused({ kind: 'unreadable' });
  }
  try {
    const entries = await listEntries(zip, limits);
    for (const entry of entries.values()) {
      const stream = await zip.openReadStreamPromise(entry);
      try {
        for await (const _chunk of stream) {
          // Counted by yauzl against the declared size: one more byte fails the stream.
        }
      } catch (error) {
        const lied = error instanceof Error && /too many bytes/.test(error.message);
        throw new ZipRefused(
          lied ? { kind: 'too-large', maxBytes: limits.maxTotalBytes } : { kind: 'unreadable' },
        );
      }
    }
  } finally {
    zip.close();
  }
}
