import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecret } from './secrets.js';

describe('secrets kept in the data directory', () => {
  let dir = '';
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('generates a secret once, readable by the owner only, and keeps it across restarts', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'easio-secret-'));
    const first = await loadOrCreateSecret(dir, 'jwt-secret');
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await loadOrCreateSecret(dir, 'jwt-secret')).toBe(first);
    expect((await stat(path.join(dir, 'secrets', 'jwt-secret'))).mode & 0o777).toBe(0o600);
  });

  it('gives every process the same secret when several start at once', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'easio-secret-'));
    const all = await Promise.all(Array.from({ length: 5 }, () => loadOrCreateSecret(dir, 'jwt-secret')));
    expect(new Set(all).size).toBe(1);
  });
});
