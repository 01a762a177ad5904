import { describe, expect, it } from 'vitest';
import { onServerCopy } from './note-sync';

const base = { version: 3, text: 'milk' };

describe('seeing the server’s copy of a note being edited', () => {
  it('ignores a copy no newer than the one edited', () => {
    expect(onServerCopy(base, 'milk, eggs', { version: 3, text: 'milk' })).toEqual({ kind: 'same' });
    expect(onServerCopy(base, 'milk, eggs', { version: 2, text: 'old' })).toEqual({ kind: 'same' });
  });

  it('goes on from a newer copy whose text did not change (a rename, tags)', () => {
    const server = { version: 5, text: 'milk' };
    expect(onServerCopy(base, 'milk, eggs', server)).toEqual({ kind: 'adopt', base: server });
  });

  it('goes on from a newer copy that already says what was typed here', () => {
    const server = { version: 4, text: 'milk, eggs' };
    expect(onServerCopy(base, 'milk, eggs', server)).toEqual({ kind: 'adopt', base: server });
  });

  it('shows text changed elsewhere when nothing typed here is unsaved', () => {
    const server = { version: 4, text: 'bread' };
    expect(onServerCopy(base, 'milk', server)).toEqual({ kind: 'take', base: server });
  });

  it('lets the user choose when both changed the text', () => {
    const server = { version: 4, text: 'bread' };
    expect(onServerCopy(base, 'milk, eggs', server)).toEqual({ kind: 'conflict', theirs: server });
  });
});
