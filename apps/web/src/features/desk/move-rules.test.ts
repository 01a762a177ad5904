import { describe, expect, it } from 'vitest';
import { moveProblem } from './move-rules';

const root = { id: 'r', data_type: 'root_object' } as const;
const drawer = { id: 'd', data_type: 'drawer_object' } as const;
const binder = { id: 'b', data_type: 'binder_object' } as const;
const file = { id: 'f', data_type: 'file_object' } as const;
const note = { id: 'n', data_type: 'note_object' } as const;

describe('moveProblem', () => {
  it('lets items go into the root, a drawer or a binder', () => {
    for (const target of [root, drawer, binder]) expect(moveProblem([file, note], target)).toBeNull();
  });
  it('keeps drawers in the root', () => {
    expect(moveProblem([drawer], root)).toBeNull();
    expect(moveProblem([{ ...drawer, id: 'd2' }], drawer)).toBe('Drawers stay in My Desk');
    expect(moveProblem([drawer], binder)).toBe('Drawers stay in My Desk');
  });
  it('puts binders only in drawers', () => {
    expect(moveProblem([binder], drawer)).toBeNull();
    expect(moveProblem([binder], root)).toBe('Binders go inside a drawer');
  });
  it('refuses a folder into itself, and an empty move', () => {
    expect(moveProblem([drawer], drawer)).toBe('A folder cannot go inside itself');
    expect(moveProblem([], root)).toBe('Nothing to move');
  });
  it('refuses items into a non-folder', () => {
    expect(moveProblem([file], note)).toMatch(/cannot go into/);
  });
  it('refuses the whole move when one object does not fit', () => {
    expect(moveProblem([file, drawer], binder)).toBe('Drawers stay in My Desk');
  });
});
