export interface FakeEventInput {
  summary: string;
  description?: string;
  location?: string;
  start: { dateTime?: string; date?: string; timeZone?: string };
  end: { dateTime?: string; date?: string; timeZone?: string };
  attendees?: { email: string; displayName?: string; responseStatus?: string }[];
  attachments?: { fileUrl: string; title?: string }[];
}

interface FakeEvent extends FakeEventInput {
  id: string;
  status: 'confirmed' | 'cancelled';
  updated: string;
  seq: number;
}

/** Google calendars in memory; each change bumps a counter that sync tokens point into. */
export class FakeCalendar {
  readonly calendars = new Map<string, { summary: string; events: Map<string, FakeEvent> }>();
  /** Sync tokens older than this answer 410 Gone. */
  oldestToken = 0;
  #seq = 0;
  #ids = 0;

  reset(): void {
    this.calendars.clear();
    this.calendars.set('primary-cal', { summary: 'Ada', events: new Map() });
    this.oldestToken = 0;
  }

  constructor() {
    this.reset();
  }

  get seq(): number {
    return this.#seq;
  }

  #calendar(id: string) {
    const calendar = this.calendars.get(id);
    if (!calendar) throw new Error(`no calendar ${id}`);
    return calendar;
  }

  add(calendarId: string, input: FakeEventInput): FakeEvent {
    this.#ids += 1;
    this.#seq += 1;
    const event: FakeEvent = {
      ...input,
      id: `ev${this.#ids}`,
      status: 'confirmed',
      updated: new Date(Date.UTC(2026, 0, 1) + this.#seq * 1000).toISOString(),
      seq: this.#seq,
    };
    this.#calendar(calendarId).events.set(event.id, event);
    return event;
  }

  update(calendarId: string, id: string, patch: Partial<FakeEventInput>): void {
    const event = this.#calendar(calendarId).events.get(id);
    if (!event) throw new Error(`no event ${id}`);
    this.#seq += 1;
    Object.assign(event, patch, {
      seq: this.#seq,
      updated: new Date(Date.UTC(2026, 0, 1) + this.#seq * 1000).toISOString(),
    });
  }

  cancel(calendarId: string, id: string): void {
    const event = this.#calendar(calendarId).events.get(id);
    if (!event) throw new Error(`no event ${id}`);
    this.#seq += 1;
    Object.assign(event, { status: 'cancelled', seq: this.#seq });
  }

  view(event: FakeEvent) {
    const { seq: _seq, ...rest } = event;
    return { ...rest, htmlLink: `https://calendar.google.com/event?eid=${event.id}` };
  }
}
