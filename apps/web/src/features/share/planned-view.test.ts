import { describe, expect, it } from 'vitest';
import { plannedView } from './planned-view';
import { planShare, type SharedInput } from './shared-items';

const share = (input: Partial<SharedInput>): SharedInput => ({
  title: '',
  text: '',
  url: '',
  files: [],
  ...input,
});
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** What the share page lists for a share, item by item. */
const shown = (input: Partial<SharedInput>) => planShare(share(input)).steps.map(plannedView);

describe('plannedView', () => {
  it('shows a link with its title and its whole address, and the note it carries', () => {
    expect(
      shown({ title: 'Locked', url: 'https://easio-login.example/verify?u=1', text: 'Sign in here' }),
    ).toEqual([
      {
        kind: 'Link',
        icon: { data_type: 'url_note_object', mime_type: null },
        name: 'Locked',
        address: 'https://easio-login.example/verify?u=1',
        text: 'Sign in here',
        file: null,
      },
    ]);
    expect(shown({ text: 'https://a.example/ https://b.example/' }).map((v) => [v.name, v.address])).toEqual([
      [null, 'https://a.example/'],
      [null, 'https://b.example/'],
    ]);
  });

  it("shows a note's text, named or not", () => {
    expect(shown({ title: 'Idea', text: 'Buy milk\nand eggs' })).toEqual([
      {
        kind: 'Note',
        icon: { data_type: 'note_object', mime_type: null },
        name: 'Idea',
        address: null,
        text: 'Buy milk\nand eggs',
        file: null,
      },
    ]);
    expect(shown({ text: 'Call the plumber' })[0]).toMatchObject({ name: null, text: 'Call the plumber' });
  });

  it("shows a file's name, its kind, the type it was sent with and its size", () => {
    const docx = new File([new Uint8Array(2048)], 'invoice.docx', { type: DOCX });
    expect(shown({ files: [docx] })).toEqual([
      {
        kind: 'Document',
        icon: { data_type: 'file_object', mime_type: DOCX },
        name: 'invoice.docx',
        address: null,
        text: null,
        file: `${DOCX} · 2.0 KB`,
      },
    ]);
    const untyped = new File([new Uint8Array(67)], 'scan');
    expect(shown({ files: [untyped] })[0]).toMatchObject({ kind: 'File', file: 'Type not given · 67 B' });
  });
});
