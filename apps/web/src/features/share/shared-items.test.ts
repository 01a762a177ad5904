import { NAME_MAX, NOTE_MAX } from '@easio/shared';
import { describe, expect, it } from 'vitest';
import { planShare, readSharedForm, type SharedInput, splitAddresses } from './shared-items';

const share = (input: Partial<SharedInput>): SharedInput => ({
  title: '',
  text: '',
  url: '',
  files: [],
  ...input,
});
const png = new File([new Uint8Array([137, 80, 78, 71])], 'photo.png', { type: 'image/png' });

describe('splitAddresses', () => {
  it('takes each web address out once, leaving the words and no sentence punctuation in the address', () => {
    expect(
      splitAddresses(
        'Read this: https://a.example/x?y=1. And https://a.example/x?y=1 again (https://b.example/z)',
      ),
    ).toEqual({
      addresses: ['https://a.example/x?y=1', 'https://b.example/z'],
      rest: 'Read this: . And again ()',
    });
  });

  it('leaves other schemes in the text', () => {
    expect(splitAddresses('mailto:a@b.example ftp://x.example')).toEqual({
      addresses: [],
      rest: 'mailto:a@b.example ftp://x.example',
    });
  });
});

describe('planShare', () => {
  it('makes a titled link of a shared page (the address in the url field)', () => {
    const plan = planShare(share({ title: '  A  page ', url: 'https://news.example/story' }));
    expect(plan).toEqual({
      steps: [
        {
          kind: 'item',
          label: 'Link to news.example',
          item: { data_type: 'url_object', url: 'https://news.example/story', name: 'A page' },
        },
      ],
      skipped: [],
    });
  });

  it('finds the address in the text, as phones often send it, and keeps the other words as its note', () => {
    const plan = planShare(share({ title: 'Story', text: 'Look at this https://news.example/story' }));
    expect(plan.steps).toEqual([
      {
        kind: 'item',
        label: 'Link to news.example',
        item: {
          data_type: 'url_note_object',
          url: 'https://news.example/story',
          content: 'Look at this',
          name: 'Story',
        },
      },
    ]);
  });

  it('makes a link of every further address, unnamed', () => {
    const plan = planShare(
      share({ url: 'https://a.example/', text: 'https://b.example/ https://a.example/' }),
    );
    expect(plan.steps.map((s) => (s.kind === 'item' ? s.item : null))).toEqual([
      { data_type: 'url_object', url: 'https://a.example/', name: undefined },
      { data_type: 'url_object', url: 'https://b.example/', name: undefined },
    ]);
  });

  it('makes a note of text without an address, named by the title; the title repeated as text is not a note', () => {
    expect(planShare(share({ title: 'Idea', text: 'Buy milk\n\n\n\nand eggs' })).steps).toEqual([
      {
        kind: 'item',
        label: 'Note',
        item: { data_type: 'note_object', content: 'Buy milk\n\nand eggs', name: 'Idea' },
      },
    ]);
    expect(planShare(share({ title: 'Idea', text: 'Idea' })).steps).toEqual([
      { kind: 'item', label: 'Note', item: { data_type: 'note_object', content: 'Idea', name: undefined } },
    ]);
  });

  it('uploads each file, skips an empty one, and ignores the empty part sent when no file was shared', () => {
    const plan = planShare(share({ files: [png, new File([], 'empty.pdf'), new File([], '')] }));
    expect(plan.steps).toEqual([{ kind: 'file', label: 'photo.png', file: png }]);
    expect(plan.skipped).toEqual([{ label: 'empty.pdf', reason: 'The file is empty' }]);
  });

  it('makes no note of a title shared with files, but keeps words shared with them', () => {
    expect(planShare(share({ title: 'IMG_0001', files: [png] })).steps.map((s) => s.kind)).toEqual(['file']);
    const captioned = planShare(share({ title: 'IMG_0001', text: 'The receipt', files: [png] }));
    expect(captioned.steps.map((s) => (s.kind === 'item' ? s.item : s.label))).toEqual([
      { data_type: 'note_object', content: 'The receipt', name: 'IMG_0001' },
      'photo.png',
    ]);
  });

  it('names a file shared without a name', () => {
    const [step] = planShare(
      share({ files: [new File([new Uint8Array([1])], '', { type: 'application/pdf' })] }),
    ).steps;
    expect(step?.kind === 'file' && [step.file.name, step.file.type, step.file.size]).toEqual([
      'Shared file',
      'application/pdf',
      1,
    ]);
  });

  it('has nothing to save when nothing usable was shared, and says why an address is refused', () => {
    expect(planShare(share({ title: '  ', text: '\n' }))).toEqual({ steps: [], skipped: [] });
    expect(planShare(share({ url: 'javascript:alert(1)' }))).toEqual({
      steps: [],
      skipped: [
        { label: 'javascript:alert(1)', reason: 'Not a web address starting with http:// or https://' },
      ],
    });
  });

  it('skips what the desk would refuse, with its reason, and cuts a long title to a name', () => {
    const plan = planShare(share({ title: 'x'.repeat(NAME_MAX + 50), text: 'y'.repeat(NOTE_MAX + 1) }));
    expect(plan.steps).toEqual([]);
    expect(plan.skipped).toEqual([{ label: 'Note', reason: 'Note is too long' }]);
    const long = planShare(share({ title: 'x'.repeat(NAME_MAX + 50), url: 'https://a.example/' }));
    expect(long.steps[0]?.kind === 'item' && long.steps[0].item.name?.length).toBe(NAME_MAX);
  });
});

describe('readSharedForm', () => {
  it('reads the text fields and the files, ignoring a file sent as text and text sent as a file', () => {
    const form = new FormData();
    form.append('title', 'T');
    form.append('text', png);
    form.append('url', 'https://a.example/');
    form.append('files', png);
    form.append('files', 'not a file');
    const read = readSharedForm(form);
    expect(read).toMatchObject({ title: 'T', text: '', url: 'https://a.example/' });
    expect(read.files.map((f) => f.name)).toEqual(['photo.png']);
  });
});
