export interface FakeMailInput {
  from: string;
  to?: string;
  subject: string;
  text?: string;
  html?: string;
  date?: string;
  labels?: string[];
  attachments?: { filename: string; mimeType: string; content: Buffer }[];
}

interface FakeMessage {
  id: string;
  threadId: string;
  labelIds: string[];
  historyId: number;
  internalDate: number;
  input: FakeMailInput;
}

type HistoryEntry =
  | { id: number; kind: 'messagesAdded' | 'labelsAdded' | 'labelsRemoved'; messageId: string }
  | { id: number; kind: 'messagesDeleted'; messageId: string };

const b64 = (buffer: Buffer | string) => Buffer.from(buffer).toString('base64url');

/** A Gmail mailbox in memory with its history (what `users.history.list` reads). */
export class FakeGmail {
  readonly messages = new Map<string, FakeMessage>();
  readonly history: HistoryEntry[] = [];
  /** History ids below this are "too old" (404), as Gmail forgets history after about a week. */
  oldestHistory = 0;
  #historyId = 1000;
  #ids = 0;
  #clock = Date.parse('2026-02-01T09:00:00Z');

  reset(): void {
    this.messages.clear();
    this.history.length = 0;
    this.oldestHistory = 0;
  }

  get historyId(): number {
    return this.#historyId;
  }

  #record(kind: HistoryEntry['kind'], messageId: string) {
    this.#historyId += 1;
    this.history.push({ id: this.#historyId, kind, messageId } as HistoryEntry);
    const message = this.messages.get(messageId);
    if (message) message.historyId = this.#historyId;
  }

  add(input: FakeMailInput): FakeMessage {
    this.#ids += 1;
    this.#clock += 60_000;
    const id = `m${this.#ids.toString(16).padStart(8, '0')}`;
    const message: FakeMessage = {
      id,
      threadId: `t${id}`,
      labelIds: input.labels ?? ['INBOX'],
      historyId: this.#historyId,
      internalDate: input.date ? Date.parse(input.date) : this.#clock,
      input,
    };
    this.messages.set(id, message);
    this.#record('messagesAdded', id);
    return message;
  }

  relabel(id: string, labels: string[]): void {
    const message = this.messages.get(id);
    if (!message) throw new Error(`no message ${id}`);
    message.labelIds = labels;
    this.#record('labelsAdded', id);
  }

  remove(id: string): void {
    this.messages.delete(id);
    this.#record('messagesDeleted', id);
  }

  /** `format=full`, with the attachments' bytes left for `attachments.get`. */
  full(message: FakeMessage) {
    const { input } = message;
    const headers = [
      { name: 'From', value: input.from },
      { name: 'To', value: input.to ?? 'me@example.com' },
      { name: 'Subject', value: input.subject },
      { name: 'Date', value: new Date(message.internalDate).toUTCString() },
      { name: 'Message-ID', value: `<${message.id}@fake.example>` },
    ];
    const bodies = [
      ...(input.text !== undefined
        ? [{ partId: '0.0', mimeType: 'text/plain', body: { data: b64(input.text) } }]
        : []),
      ...(input.html !== undefined
        ? [{ partId: '0.1', mimeType: 'text/html', body: { data: b64(input.html) } }]
        : []),
    ];
    const attachments = (input.attachments ?? []).map((a, i) => ({
      partId: String(i + 1),
      mimeType: a.mimeType,
      filename: a.filename,
      body: { size: a.content.length, attachmentId: `att-${message.id}-${i + 1}-${message.historyId}` },
    }));
    return {
      id: message.id,
      threadId: message.threadId,
      labelIds: message.labelIds,
      historyId: String(message.historyId),
      internalDate: String(message.internalDate),
      snippet: (input.text ?? '').slice(0, 100),
      payload: {
        partId: '',
        mimeType: 'multipart/mixed',
        headers,
        parts: [{ partId: '0', mimeType: 'multipart/alternative', parts: bodies }, ...attachments],
      },
    };
  }

  attachment(messageId: string, attachmentId: string): Buffer | null {
    const message = this.messages.get(messageId);
    const index = Number(/^att-[^-]+-(\d+)-/.exec(attachmentId)?.[1] ?? 0) - 1;
    return message?.input.attachments?.[index]?.content ?? null;
  }
}
