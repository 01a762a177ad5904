import { describe, expect, it } from 'vitest';
import { plannedView } from './planned-view';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('plannedView', () => {
  it('shows a link with its title and its whole address, and the note it carries', () => {
    const url = 'https://easio-login.example/verify?u=1';
    expect(
      plannedView({
        kind: 'item',
        label: 'Link to easio-login.example',
        item: { data_type: 'url_note_object', url, content: 'Sign in here', name: 'Locked' },
      }),
    ).toEqual({
      kind: 'Link',
      icon: { data_type: 'url_note_object', mime_type: null },
      name: 'Locked',
      address: url,
      text: 'Sign in here',
      file: null,
    });
    expect(
      plannedView({ kind: 'item', label: 'Link to a.example', item: { data_type: 'url_object', url } }),
    ).toMatchObject({ kind: 'Link', name: null, address: url, text: null });
  });

  it("shows a note's text, named or not", () => {
    expect(
      plannedView({
        kind: 'item',
        label: 'Note',
        item: { data_type: 'note_object', content: 'Buy milk\nand eggs', name: 'Idea' },
      }),
    ).toEqual({
      kind: 'Note',
      icon: { data_type: 'note_object', mime_type: null },
      name: 'Idea',
      address: null,
      text: 'Buy milk\nand eggs',
      file: null,
    });
    expect(
      plannedView({ kind: 'item', label: 'Note', item: { data_type: 'note_object', content: 'Call' } }),
    ).toMatchObject({ name: null, text: 'Call' });
  });

  it("shows a file's name, its kind, the type it was sent with and its size", () => {
    const docx = new File([new Uint8Array(2048)], 'invoice.docx', { type: DOCX });
    expect(plannedView({ kind: 'file', label: 'invoice.docx', file: docx })).toEqual({
      kind: 'Document',
      icon: { data_type: 'file_object', mime_type: DOCX },
      name: 'invoice.docx',
      address: null,
      text: null,
      file: `${DOCX} · 2.0 KB`,
    });
    const untyped = new File([new Uint8Array(67)], 'scan');
    expect(plannedView({ kind: 'file', label: 'scan', file: untyped })).toMatchObject({
      kind: 'File',
      file: 'Type not given · 67 B',
    });
  });
});
