import { createHash } from 'node:crypto';

export interface FakeFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  content: Buffer;
  createdTime: string;
  modifiedTime: string;
  trashed: boolean;
  version: number;
}

const FOLDER = 'application/vnd.google-apps.folder';
export const ROOT_ID = 'root-folder';

/** A Drive account in memory, with its change log (what `changes.list` reads). */
export class FakeDrive {
  readonly files = new Map<string, FakeFile>();
  /** Change log: entry i has page token i + 1. */
  readonly changes: { fileId: string; removed: boolean }[] = [];
  #clock = Date.parse('2026-01-01T00:00:00Z');
  #ids = 0;

  constructor() {
    this.reset();
  }

  /** An empty drive (its change log too). */
  reset(): void {
    this.files.clear();
    this.changes.length = 0;
    this.files.set(ROOT_ID, this.#file({ id: ROOT_ID, name: 'My Drive', mimeType: FOLDER, parents: [] }));
  }

  #file(init: Partial<FakeFile> & Pick<FakeFile, 'name'>): FakeFile {
    this.#clock += 1000;
    const at = new Date(this.#clock).toISOString();
    this.#ids += 1;
    return {
      id: init.id ?? `f${this.#ids.toString().padStart(6, '0')}`,
      mimeType: 'application/octet-stream',
      parents: [ROOT_ID],
      content: Buffer.alloc(0),
      createdTime: at,
      modifiedTime: at,
      trashed: false,
      version: 1,
      ...init,
    };
  }

  add(init: Partial<FakeFile> & Pick<FakeFile, 'name'>): FakeFile {
    const file = this.#file(
      Object.fromEntries(Object.entries(init).filter(([, v]) => v !== undefined)) as typeof init,
    );
    this.files.set(file.id, file);
    this.changes.push({ fileId: file.id, removed: false });
    return file;
  }

  folder(name: string, parent = ROOT_ID): FakeFile {
    return this.add({ name, mimeType: FOLDER, parents: [parent] });
  }

  update(id: string, patch: Partial<FakeFile>): void {
    const file = this.files.get(id);
    if (!file) throw new Error(`no file ${id}`);
    this.#clock += 1000;
    Object.assign(file, patch, {
      modifiedTime: new Date(this.#clock).toISOString(),
      version: file.version + 1,
    });
    this.changes.push({ fileId: id, removed: false });
  }

  remove(id: string): void {
    this.files.delete(id);
    this.changes.push({ fileId: id, removed: true });
  }

  get startPageToken(): string {
    return String(this.changes.length + 1);
  }

  view(file: FakeFile) {
    const binary = !file.mimeType.startsWith('application/vnd.google-apps.');
    return {
      id: file.id,
      name: file.name,
      mimeType: file.mimeType,
      parents: file.parents,
      createdTime: file.createdTime,
      modifiedTime: file.modifiedTime,
      trashed: file.trashed,
      version: String(file.version),
      webViewLink: `https://drive.google.com/file/d/${file.id}/view`,
      ...(binary
        ? {
            size: String(file.content.length),
            md5Checksum: createHash('md5').update(file.content).digest('hex'),
          }
        : {}),
    };
  }
}
