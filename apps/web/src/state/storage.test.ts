import { describe, expect, it } from 'vitest';
import { createTypedStorage } from './storage';

/** An in-memory Storage, as the browser's local storage behaves. */
class MemoryStorage implements Storage {
  private data = new Map<string, string>();
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  setItem(key: string, value: string) {
    this.data.set(key, String(value));
  }
}

const session = {
  access_token: 'a.b.c',
  root_folder: '9e8d7c6b-5a49-4382-8716-a5b4c3d2e1f0',
  user_id: '3f1c1e2a-8b7d-4c59-9a8e-1d2f3a4b5c6d',
  email: 'ann@example.com',
};

describe('typed local storage', () => {
  it("stores JSON under the spec's key names", () => {
    const raw = new MemoryStorage();
    const store = createTypedStorage(raw);
    store.set('user', session);
    store.set('activeStep', 2);
    store.set('service', {
      google_service: true,
      dropbox_service: false,
      extension_service: false,
      whatsapp_service: true,
    });
    expect(JSON.parse(raw.getItem('user') ?? '')).toEqual(session);
    expect(raw.getItem('activeStep')).toBe('2');
    expect(store.get('user')).toEqual(session);
    expect(store.get('activeStep')).toBe(2);
    expect(store.get('service')?.whatsapp_service).toBe(true);
  });

  it('reads a missing, unparsable or malformed entry as null', () => {
    const raw = new MemoryStorage();
    const store = createTypedStorage(raw);
    expect(store.get('user')).toBeNull();
    raw.setItem('user', '{not json');
    expect(store.get('user')).toBeNull();
    raw.setItem('user', JSON.stringify({ access_token: 'x' }));
    expect(store.get('user')).toBeNull();
    raw.setItem('activeStep', '"two"');
    expect(store.get('activeStep')).toBeNull();
    raw.setItem('activeStep', '9');
    expect(store.get('activeStep')).toBeNull();
    raw.setItem('service', JSON.stringify({ google_service: true }));
    expect(store.get('service')).toBeNull();
  });

  it('removes several keys at once', () => {
    const raw = new MemoryStorage();
    const store = createTypedStorage(raw);
    store.set('user', session);
    store.set('tempUser', session);
    store.set('validationStep', 1);
    store.remove('user', 'validationStep');
    expect(raw.getItem('user')).toBeNull();
    expect(raw.getItem('validationStep')).toBeNull();
    expect(store.get('tempUser')).toEqual(session);
  });

  it('never throws when storage is missing or refuses', () => {
    expect(createTypedStorage(undefined).get('user')).toBeNull();
    const refusing = new MemoryStorage();
    refusing.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    refusing.getItem = () => {
      throw new Error('SecurityError');
    };
    const store = createTypedStorage(refusing);
    expect(() => store.set('user', session)).not.toThrow();
    expect(store.get('user')).toBeNull();
  });
});
