import { type Locks, localLocks } from './locks';
import type { DroppedSave, KeyValue } from './queue';

export type Tone = 'ok' | 'info' | 'error';

/** Something the user should hear about when the popup next opens, until dismissed. */
export interface Notice {
  id: string;
  tone: Tone;
  text: string;
  at: string;
}

interface Stored {
  /** The last save made from the context menu or the shortcut (its badge lasts only seconds). */
  outcome: Notice | null;
  /** Saves dropped for good, and saves that went to the desk instead of a deleted binder: newest last. */
  events: Notice[];
  /** Events no longer kept in the list, to say "and N earlier". */
  earlier: number;
}

const KEY = 'easio.notices';
const LOCK = 'easio.notices';
export const MAX_EVENTS = 20;

export const droppedText = (d: DroppedSave) => `${d.label} was not saved: ${d.reason}`;
export const toDeskText = (label: string) => `The binder was deleted: ${label} was saved to your desk`;

/** What the background wants the popup to say, kept in the extension's storage. */
export function createNotices(store: KeyValue, locks: Locks = localLocks(), now = () => new Date()) {
  const read = async (): Promise<Stored> => {
    const value = (await store.get(KEY)) as Partial<Stored> | undefined;
    return {
      outcome: value?.outcome ?? null,
      events: Array.isArray(value?.events) ? value.events : [],
      earlier: typeof value?.earlier === 'number' ? value.earlier : 0,
    };
  };
  const change = (edit: (stored: Stored) => Stored) =>
    locks.run(LOCK, async () => store.set(KEY, edit(await read())));
  const notice = (tone: Tone, text: string): Notice => ({
    id: crypto.randomUUID(),
    tone,
    text,
    at: now().toISOString(),
  });
  const addEvents = (events: Notice[]) =>
    change((stored) => {
      const all = [...stored.events, ...events];
      const kept = all.slice(-MAX_EVENTS);
      return { ...stored, events: kept, earlier: stored.earlier + all.length - kept.length };
    });

  return {
    /** Every notice, oldest first, and how many older ones were let go. */
    async list(): Promise<{ notices: Notice[]; earlier: number }> {
      const stored = await read();
      const notices = stored.outcome ? [stored.outcome, ...stored.events] : stored.events;
      return { notices: notices.sort((a, b) => a.at.localeCompare(b.at)), earlier: stored.earlier };
    },
    /** The last save from the menu or the shortcut: replaces the one before. */
    outcome: (tone: Tone, text: string) => change((stored) => ({ ...stored, outcome: notice(tone, text) })),
    dropped: (dropped: DroppedSave[]) =>
      dropped.length > 0 ? addEvents(dropped.map((d) => notice('error', droppedText(d)))) : Promise.resolve(),
    /** Anything else the popup should say when it next opens (kept with the dropped saves). */
    note: (tone: Tone, text: string) => addEvents([notice(tone, text)]),
    toDesk: (labels: string[]) =>
      labels.length > 0 ? addEvents(labels.map((l) => notice('info', toDeskText(l)))) : Promise.resolve(),
    dismiss: (id: string) =>
      change((stored) => ({
        ...stored,
        outcome: stored.outcome?.id === id ? null : stored.outcome,
        events: stored.events.filter((e) => e.id !== id),
      })),
    dismissAll: () => change(() => ({ outcome: null, events: [], earlier: 0 })),
  };
}

export type Notices = ReturnType<typeof createNotices>;
