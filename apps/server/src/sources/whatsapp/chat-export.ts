/** One message of a WhatsApp chat export. */
export interface ChatMessage {
  /** As the phone showed it (exports carry no time zone): read as UTC. */
  at: Date;
  sender: string;
  text: string;
  /** The file the message carried, by its name in the export (present in a `.zip` export with media). */
  attachment: string | null;
}

export interface ParsedChat {
  messages: ChatMessage[];
  /** Whether dates read day first (31/12/2023) or month first (12/31/23). */
  dayFirst: boolean;
}

// Android: "31/12/2023, 21:41 - Ana: text"; iOS: "[31/12/2023, 21:41:05] Ana: text"; 12-hour clocks too.
const HEADER =
  /^(?:\[)?(\d{1,2})[/.-](\d{1,2})[/.-](\d{2,4}),? (\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?\s?([AaPp]\.?\s?[Mm]\.?)?(?:\] | - )(.*)$/;
const ANDROID_FILE = /^(.+?\.[A-Za-z0-9]{1,5}) \(file attached\)(?:\n([\s\S]*))?$/;
const IOS_FILE = /^<attached: (.+?)>$/m;
const OMITTED = /^<Media omitted>$|^‎?(image|video|audio|sticker|document|GIF) omitted$/i;

interface RawMessage {
  parts: number[];
  meridiem: string | null;
  sender: string;
  lines: string[];
}

/** Invisible marks and odd spaces phones put in exports (LRM, narrow no-break space before "PM"). */
const clean = (line: string) =>
  line.replace(/[\u200e\u200f\u202a-\u202e]/g, '').replace(/[\u202f\u00a0]/g, ' ');

/**
 * Reads a chat export (`_chat.txt` or `WhatsApp Chat with ….txt`): Android's and iOS's layouts, 12- and
 * 24-hour clocks, day-first and month-first dates (told apart by any date that can only read one way;
 * day first when none does), messages over several lines, attached files, and system lines (joins,
 * encryption notices) left out.
 */
export function parseChatExport(source: string): ParsedChat {
  const raw: RawMessage[] = [];
  let current: RawMessage | null = null;
  for (const rawLine of source.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const line = clean(rawLine);
    const header = HEADER.exec(line);
    if (header) {
      const rest = header[8] ?? '';
      const colon = rest.indexOf(': ');
      // A line without "sender: " is the app's own (encryption notice, "Ana joined").
      current =
        colon > 0
          ? {
              parts: header.slice(1, 7).map((p) => (p === undefined ? 0 : Number(p))),
              meridiem: header[7]?.replace(/[.\s]/g, '').toLowerCase() ?? null,
              sender: rest.slice(0, colon).trim(),
              lines: [rest.slice(colon + 2)],
            }
          : null;
      if (current) raw.push(current);
    } else if (current) current.lines.push(line);
  }
  const dayFirst = raw.some((m) => (m.parts[0] ?? 0) > 12) || !raw.some((m) => (m.parts[1] ?? 0) > 12);
  const messages: ChatMessage[] = [];
  for (const m of raw) {
    const at = dateOf(m, dayFirst);
    if (!at) continue;
    const body = m.lines.join('\n').trim();
    if (OMITTED.test(body)) continue;
    const android = ANDROID_FILE.exec(body);
    const ios = IOS_FILE.exec(body);
    const attachment = android?.[1] ?? ios?.[1] ?? null;
    const text = android ? (android[2] ?? '').trim() : ios ? body.replace(IOS_FILE, '').trim() : body;
    messages.push({ at, sender: m.sender, text, attachment });
  }
  return { messages, dayFirst };
}

function dateOf({ parts, meridiem }: RawMessage, dayFirst: boolean): Date | null {
  const [a = 0, b = 0, y = 0, h = 0, min = 0, s = 0] = parts;
  const [day, month] = dayFirst ? [a, b] : [b, a];
  const year = y < 100 ? 2000 + y : y;
  let hour = h;
  if (meridiem === 'pm' && hour < 12) hour += 12;
  if (meridiem === 'am' && hour === 12) hour = 0;
  const at = new Date(Date.UTC(year, month - 1, day, hour, min, s));
  return at.getUTCMonth() === month - 1 && at.getUTCDate() === day && hour < 24 && min < 60 ? at : null;
}

/** A shared location in a chat export ("location: https://maps.google.com/?q=18.52,73.85"). */
export function locationOf(text: string): { latitude: number; longitude: number } | null {
  const match = /maps\.google\.com\/\?q=(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/.exec(text);
  if (!match) return null;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { latitude, longitude } : null;
}
