import { ZipRefused } from '../storage/checked-zip.js';
import { checkZipInMemory } from '../storage/zip-in-memory.js';

const MiB = 1024 * 1024;
/**
 * What a Word, OpenDocument or Excel file may unpack to before it is parsed: a 1,000-page report is
 * ~30 MB of XML and pictures, a large workbook ~100 MB; parsers hold several times that.
 */
export const OFFICE_UNPACK_LIMITS = { maxTotalBytes: 160 * MiB, maxEntries: 5_000 };

export const TOO_LARGE_UNPACKED = 'The file is too large once unpacked to be read here';

/**
 * Throws, with a reason for the user (`unreadable` for a damaged one), unless the office file (a ZIP) unpacks within
 * OFFICE_UNPACK_LIMITS, each entry's inflation ratio like a real file's (see checkZipInMemory).
 */
export async function checkOfficeUnpack(bytes: Buffer, unreadable: string): Promise<void> {
  try {
    await checkZipInMemory(bytes, OFFICE_UNPACK_LIMITS);
  } catch (error) {
    if (!(error instanceof ZipRefused)) throw error;
    const { refusal } = error;
    if (refusal.kind === 'unreadable' || refusal.kind === 'outside') throw new Error(unreadable);
    // Too many parts, too many bytes in all, or one part a bomb: all too large to read here.
    throw new Error(TOO_LARGE_UNPACKED);
  }
}
