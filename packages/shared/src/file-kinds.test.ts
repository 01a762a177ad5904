import { describe, expect, it } from 'vitest';
import {
  extensionOf,
  fileKindOf,
  MIME_DOCX,
  MIME_ODS,
  MIME_ODT,
  MIME_XLSX,
  previewFormatOf,
} from './file-kinds.js';

const file = (name: string, mime_type: string | null) => ({ name, mime_type });

describe('fileKindOf', () => {
  it('takes a sniffed type that says something over the name', () => {
    expect(fileKindOf(file('scan', 'application/pdf'))).toBe('pdf');
    expect(fileKindOf(file('IMG_0001.JPG', 'image/jpeg'))).toBe('photo');
    expect(fileKindOf(file('holiday.txt', 'image/png'))).toBe('photo');
    expect(fileKindOf(file('budget', MIME_XLSX))).toBe('spreadsheet');
    expect(fileKindOf(file('letter', MIME_DOCX))).toBe('document');
    expect(fileKindOf(file('letter', MIME_ODT))).toBe('document');
    expect(fileKindOf(file('song', 'audio/mpeg'))).toBe('audio');
    expect(fileKindOf(file('clip', 'video/mp4; codecs=avc1'))).toBe('video');
    expect(fileKindOf(file('mail', 'message/rfc822'))).toBe('email');
    expect(fileKindOf(file('page', 'text/html'))).toBe('web_page');
    expect(fileKindOf(file('data', 'text/csv'))).toBe('spreadsheet');
    expect(fileKindOf(file('logo', 'image/svg+xml'))).toBe('image');
  });

  it('lets the name decide when the type is generic', () => {
    expect(fileKindOf(file('main.ts', 'text/plain'))).toBe('code');
    expect(fileKindOf(file('Dockerfile', 'text/plain'))).toBe('code');
    expect(fileKindOf(file('notes.txt', 'text/plain'))).toBe('text');
    expect(fileKindOf(file('meeting.ics', 'text/plain'))).toBe('calendar');
    expect(fileKindOf(file('Outlook mail.msg', 'application/x-cfb'))).toBe('email');
    expect(fileKindOf(file('old.doc', 'application/x-cfb'))).toBe('document');
    expect(fileKindOf(file('slides.pptx', 'application/zip'))).toBe('presentation');
    expect(fileKindOf(file('backup.zip', 'application/zip'))).toBe('archive');
    expect(fileKindOf(file('blob', 'application/zip'))).toBe('archive');
    expect(fileKindOf(file('mystery', 'application/octet-stream'))).toBe('file');
    expect(fileKindOf(file('mystery', null))).toBe('file');
  });

  it('never calls plain text a picture or a PDF because of its name', () => {
    expect(fileKindOf(file('fake.pdf', 'text/plain'))).toBe('text');
    expect(fileKindOf(file('fake.jpg', 'text/plain'))).toBe('text');
  });
});

describe('previewFormatOf', () => {
  it('shows pictures, PDFs, audio and video in the page', () => {
    expect(previewFormatOf(file('a.jpg', 'image/jpeg'))).toBe('image');
    expect(previewFormatOf(file('a.heic', 'image/heic'))).toBe('none');
    expect(previewFormatOf(file('a.svg', 'image/svg+xml'))).toBe('none');
    expect(previewFormatOf(file('a.pdf', 'application/pdf'))).toBe('pdf');
    expect(previewFormatOf(file('a.mp3', 'audio/mpeg'))).toBe('audio');
    expect(previewFormatOf(file('a.webm', 'video/webm'))).toBe('video');
  });

  it('renders documents, tables, text and code', () => {
    expect(previewFormatOf(file('a.docx', MIME_DOCX))).toBe('document');
    expect(previewFormatOf(file('a.odt', MIME_ODT))).toBe('document');
    expect(previewFormatOf(file('README.md', 'text/markdown'))).toBe('document');
    expect(previewFormatOf(file('a.xlsx', MIME_XLSX))).toBe('table');
    expect(previewFormatOf(file('a.ods', MIME_ODS))).toBe('table');
    expect(previewFormatOf(file('a.csv', 'text/csv'))).toBe('table');
    expect(previewFormatOf(file('a.tsv', 'text/plain'))).toBe('table');
    expect(previewFormatOf(file('a.py', 'text/plain'))).toBe('code');
    expect(previewFormatOf(file('a.json', 'application/json'))).toBe('code');
    expect(previewFormatOf(file('a.txt', 'text/plain'))).toBe('text');
    expect(previewFormatOf(file('a.ics', 'text/calendar'))).toBe('text');
  });

  it('has none for what it cannot show', () => {
    expect(previewFormatOf(file('a.zip', 'application/zip'))).toBe('none');
    expect(previewFormatOf(file('a.pptx', 'application/vnd.ms-powerpoint'))).toBe('none');
    expect(previewFormatOf(file('a.html', 'text/html'))).toBe('none');
    expect(previewFormatOf(file('a', 'application/octet-stream'))).toBe('none');
  });
});

describe('extensionOf', () => {
  it('reads the last extension, lower-cased, of the last path segment', () => {
    expect(extensionOf('Report.Final.DOCX')).toBe('docx');
    expect(extensionOf('folder.d/README')).toBe('');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('trailing.')).toBe('');
    expect(extensionOf(null)).toBe('');
  });
});
