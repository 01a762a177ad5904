import type { DeskObject, FilePreview, UploadResult } from '@easio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../../test/databases.js';
import { multipartBody } from '../../test/multipart.js';
import { sampleDocx } from '../../test/sample-files.js';
import { buildTestApp, signedInUser, type TestApp } from '../../test/test-app.js';

describe.each(DB_KINDS)('file previews on %s', (kind) => {
  let t: TestApp;
  let me: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    me = await signedInUser(t.app);
  });
  afterAll(() => t.close());

  const upload = async (name: string, bytes: Buffer): Promise<DeskObject> => {
    const body = multipartBody([{ name, bytes }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/desk/uploads',
      headers: { ...me.auth, ...body.headers },
      payload: body.payload,
    });
    const [item] = res.json<UploadResult>().items;
    if (!item) throw new Error(res.body);
    return item;
  };
  const preview = (id: string, auth = me.auth) =>
    t.app.inject({ method: 'GET', url: `/api/desk/objects/${id}/preview`, headers: auth });

  it('renders a Word document, a spreadsheet, Markdown and code', async () => {
    const docx = await upload('letter.docx', sampleDocx(['Dear Ann,']));
    expect((await preview(docx.id)).json<FilePreview>()).toEqual({
      kind: 'html',
      html: '<p>Dear Ann,</p>',
      truncated: false,
    });

    const csv = await upload('people.csv', Buffer.from('name,city\nAnn,Oslo\n'));
    expect((await preview(csv.id)).json<FilePreview>()).toEqual({
      kind: 'table',
      total_sheets: 1,
      sheets: [
        {
          name: 'Sheet1',
          rows: [
            ['name', 'city'],
            ['Ann', 'Oslo'],
          ],
          total_rows: 2,
          total_columns: 2,
        },
      ],
    });

    const md = await upload('README.md', Buffer.from('# Hello\n\n*there*\n'));
    expect((await preview(md.id)).json<FilePreview>()).toEqual({
      kind: 'html',
      html: '<h1>Hello</h1>\n<p><em>there</em></p>\n',
      truncated: false,
    });

    const code = await upload('build.sh', Buffer.from('#!/bin/sh\necho hi\n'));
    expect((await preview(code.id)).json<FilePreview>()).toEqual({
      kind: 'text',
      text: '#!/bin/sh\necho hi\n',
      code: true,
      truncated: false,
    });
  });

  it('says why when there is none, never failing', async () => {
    const broken = await upload('broken.xlsx', Buffer.from('this is no spreadsheet'));
    // Plain text named .xlsx is text: shown as it is.
    expect((await preview(broken.id)).json<FilePreview>()).toMatchObject({ kind: 'text' });

    const zip = await upload('photos.zip', Buffer.from('PK\u0003\u0004 not much of a zip'));
    const res = await preview(zip.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<FilePreview>()).toEqual({
      kind: 'unavailable',
      reason: 'unsupported',
      message: "This file can't be shown here. Download it to open it in another app.",
    });

    const note = await t.app.inject({
      method: 'POST',
      url: '/api/desk/items',
      headers: me.auth,
      payload: { data_type: 'note_object', name: 'n', content: 'words' },
    });
    expect((await preview(note.json<DeskObject>().id)).json<FilePreview>()).toMatchObject({
      kind: 'unavailable',
      reason: 'unsupported',
    });
  });

  it("answers 404 for another user's file and 422 for a malformed id", async () => {
    const mine = await upload('secret.txt', Buffer.from('only mine'));
    const other = await signedInUser(t.app);
    const res = await preview(mine.id, other.auth);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found' });
    expect((await preview('not-an-id')).statusCode).toBe(422);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/desk/objects/${mine.id}/preview` })).statusCode,
    ).toBe(401);
  });
});
