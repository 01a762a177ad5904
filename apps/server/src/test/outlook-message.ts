import { burn, type Entry } from '@kenjiuno/msgreader/lib/Burner.js';

/** Outlook's compound-file entry types (Reader's TypeEnum). */
const STORAGE = 1;
const STREAM = 2;
const ROOT = 5;

const unicode = (text: string) => Buffer.from(`${text}\u0000`, 'utf16le');

/** A fixed-size property entry of a `__properties_version1.0` stream (tag, flags, 8-byte value). */
function fixedProperty(tag: number, value: Buffer): Buffer {
  const entry = Buffer.alloc(16);
  entry.writeUInt32LE(tag, 0);
  entry.writeUInt32LE(0x6, 4);
  value.copy(entry, 8);
  return entry;
}

const int32 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeInt32LE(n, 0);
  return b;
};

/** A Windows FILETIME (100 ns since 1601) as 8 bytes. */
const fileTime = (date: Date) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE((BigInt(date.getTime()) + 11_644_473_600_000n) * 10_000n, 0);
  return b;
};

interface Node {
  name: string;
  bytes?: Buffer;
  children?: Node[];
}

function flatten(root: Node): Entry[] {
  const entries: Entry[] = [];
  const add = (node: Node, type: number): number => {
    const index = entries.length;
    const entry: Entry = { name: node.name, type, length: node.bytes?.length ?? 0 };
    entries.push(entry);
    if (node.bytes) {
      const bytes = node.bytes;
      // A copy of its own: the burner reads the whole underlying buffer, and small Buffers share a pool.
      entry.binaryProvider = () => Uint8Array.from(bytes);
    } else {
      entry.children = (node.children ?? []).map((c) => add(c, c.bytes ? STREAM : STORAGE));
    }
    return index;
  };
  add(root, ROOT);
  return entries;
}

export interface OutlookSample {
  subject: string;
  senderName: string;
  senderAddress: string;
  to: { name: string; address: string }[];
  body: string;
  sent: Date;
  messageId: string;
  attachment?: { name: string; mimeType: string; bytes: Buffer };
}

/** A small Outlook `.msg` file, written as Outlook lays one out (property streams in a compound file). */
export function sampleOutlookMessage(m: OutlookSample): Buffer {
  const header = Buffer.alloc(32);
  header.writeUInt32LE(m.to.length, 8);
  header.writeUInt32LE(m.attachment ? 1 : 0, 12);
  header.writeUInt32LE(m.to.length, 16);
  header.writeUInt32LE(m.attachment ? 1 : 0, 20);
  const children: Node[] = [
    { name: '__substg1.0_0037001F', bytes: unicode(m.subject) },
    { name: '__substg1.0_1000001F', bytes: unicode(m.body) },
    { name: '__substg1.0_0C1A001F', bytes: unicode(m.senderName) },
    { name: '__substg1.0_5D01001F', bytes: unicode(m.senderAddress) },
    { name: '__substg1.0_1035001F', bytes: unicode(`<${m.messageId}>`) },
    {
      name: '__properties_version1.0',
      bytes: Buffer.concat([header, fixedProperty(0x0e060040, fileTime(m.sent))]),
    },
    ...m.to.map((r, i) => ({
      name: `__recip_version1.0_#${String(i).padStart(8, '0')}`,
      children: [
        { name: '__substg1.0_3001001F', bytes: unicode(r.name) },
        { name: '__substg1.0_39FE001F', bytes: unicode(r.address) },
        {
          name: '__properties_version1.0',
          bytes: Buffer.concat([Buffer.alloc(8), fixedProperty(0x0c150003, int32(1))]),
        },
      ],
    })),
  ];
  if (m.attachment) {
    children.push({
      name: '__attach_version1.0_#00000000',
      children: [
        { name: '__substg1.0_3707001F', bytes: unicode(m.attachment.name) },
        { name: '__substg1.0_370E001F', bytes: unicode(m.attachment.mimeType) },
        { name: '__substg1.0_37010102', bytes: m.attachment.bytes },
        {
          name: '__properties_version1.0',
          bytes: Buffer.concat([
            Buffer.alloc(8),
            fixedProperty(0x0e200003, int32(m.attachment.bytes.length)),
          ]),
        },
      ],
    });
  }
  return Buffer.from(burn(flatten({ name: 'Root Entry', children })));
}
