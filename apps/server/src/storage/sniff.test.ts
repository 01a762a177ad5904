import { randomBytes } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { SNIFF_BYTES, sniffMimeType } from './sniff.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const MINIMAL_PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n'),
);

const EML = Buffer.from(
  [
    'Received: from mail.example.org (mail.example.org [192.0.2.1])',
    '\tby mx.example.com with ESMTPS id abc123',
    'From: Alice <alice@example.org>',
    'To: bob@example.com',
    'Subject: Invoice for November',
    'Date: Fri, 21 Nov 2025 10:00:00 +0100',
    'Message-ID: <1234@example.org>',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Hello Bob, the invoice is attached.',
  ].join('\r\n'),
);

function contentTypesXml(mainPart: string, mainType: string): Uint8Array {
  return strToU8(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      `<Override PartName="/${mainPart}" ContentType="${mainType}"/></Types>`,
  );
}

const RELS = strToU8(
  '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
);
/** Stored, incompressible, so the package is well past the sniffed head. */
const IMAGE: [Uint8Array, { level: 0 }] = [randomBytes(20_000), { level: 0 }];

/** A DOCX as Word writes it: `[Content_Types].xml` first. */
function wordDocx(): Uint8Array {
  return zipSync({
    '[Content_Types].xml': contentTypesXml(
      'word/document.xml',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
    ),
    '_rels/.rels': RELS,
    'word/document.xml': strToU8(
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
    ),
    'word/media/image1.png': IMAGE,
  });
}

/** Entry order as LibreOffice writes it: `[Content_Types].xml` last, beyond the head. */
function lateContentTypes(mainPart: string, mainType: string): Uint8Array {
  return zipSync({
    '_rels/.rels': RELS,
    [mainPart]: strToU8('<root/>'),
    [`${mainPart.split('/')[0]}/media/image1.png`]: IMAGE,
    '[Content_Types].xml': contentTypesXml(mainPart, mainType),
  });
}

/** Deterministic bytes that are neither text nor any known format. */
function junk(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = 0x2545f491;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bytes[i] = (state >>> 16) & 0xff;
  }
  bytes[0] = 0x00;
  return bytes;
}

const sniff = (text: string, name?: string) => sniffMimeType(Buffer.from(text), name);

describe('sniffMimeType', () => {
  it('recognises binary formats from their bytes, whatever the name says', async () => {
    expect(await sniffMimeType(PNG_1X1)).toBe('image/png');
    expect(await sniffMimeType(PNG_1X1, 'notes.md')).toBe('image/png');
    expect(await sniffMimeType(MINIMAL_PDF, 'invoice.txt')).toBe('application/pdf');
  });

  it('recognises DOCX and XLSX, also when [Content_Types].xml lies beyond the head', async () => {
    const docx = wordDocx();
    expect(docx.length).toBeGreaterThan(SNIFF_BYTES);
    expect(await sniffMimeType(docx.subarray(0, SNIFF_BYTES))).toBe(DOCX);
    const late = lateContentTypes(
      'word/document.xml',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
    );
    expect(await sniffMimeType(late.subarray(0, SNIFF_BYTES), 'x.zip')).toBe(DOCX);
    const xlsx = lateContentTypes(
      'xl/workbook.xml',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
    );
    expect(await sniffMimeType(xlsx.subarray(0, SNIFF_BYTES))).toBe(XLSX);
  });

  it('leaves an ordinary zip a zip', async () => {
    const zip = zipSync({ 'word/notes.txt': strToU8('not an office file'), 'b.bin': IMAGE });
    expect(await sniffMimeType(zip.subarray(0, SNIFF_BYTES))).toBe('application/zip');
  });

  it('recognises HTML by its start', async () => {
    expect(await sniff('<!DOCTYPE html>\n<html><body>hi</body></html>')).toBe('text/html');
    expect(await sniff('\n  <!-- saved page -->\n<HTML lang="de"><p>hallo')).toBe('text/html');
    expect(await sniff('<!doctype html>', 'page.md')).toBe('text/html');
    expect(await sniff('Some prose, then <html> later.')).toBe('text/plain');
  });

  it('recognises an RFC 822 message by its header block', async () => {
    expect(await sniffMimeType(EML)).toBe('message/rfc822');
    expect(await sniffMimeType(EML, 'mail.txt')).toBe('message/rfc822');
    expect(await sniff('Subject: groceries\n\nmilk, eggs')).toBe('text/plain');
    expect(await sniff('From: Alice\nTo: Bob\nthis line is not a header\n\nbody')).toBe('text/plain');
  });

  it('recognises an iCalendar file by its first line, whatever its name', async () => {
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nSUMMARY:Dentist\r\nEND:VEVENT\r\n';
    expect(await sniff(ics)).toBe('text/calendar');
    expect(await sniff(`\uFEFF${ics}`, 'export.txt')).toBe('text/calendar');
    expect(await sniff('begin:vcalendar\nend:vcalendar\n', 'a.ics')).toBe('text/calendar');
    expect(await sniff('Notes about BEGIN:VCALENDAR files', 'a.ics')).toBe('text/plain');
  });

  it('recognises an e-mail whose header block runs past the head', async () => {
    const received =
      'Received: from relay.example.org by mx.example.com; Fri, 21 Nov 2025 10:00:00 +0100\r\n';
    const head = `Return-Path: <a@example.org>\r\nDelivered-To: b@example.com\r\n${received.repeat(60)}`;
    expect(await sniffMimeType(Buffer.from(head).subarray(0, SNIFF_BYTES))).toBe('message/rfc822');
  });

  it('calls other UTF-8 text plain, refined by the name among text types only', async () => {
    expect(await sniff('Just a note.\n')).toBe('text/plain');
    expect(await sniff('# Title\n\nText', 'README.md')).toBe('text/markdown');
    expect(await sniff('# Title', 'notes.MARKDOWN')).toBe('text/markdown');
    expect(await sniff('a,b\n1,2\n', 'data.csv')).toBe('text/csv');
    expect(await sniff('{"a": [1, 2]}', 'data.json')).toBe('application/json');
    expect(await sniff('{"a": [1, 2', 'broken.json')).toBe('text/plain');
    expect(await sniff('{"a": 1}')).toBe('text/plain');
    expect(await sniff('plain', 'archive.zip')).toBe('text/plain');
    expect(await sniff('\uFEFFwith a byte order mark')).toBe('text/plain');
    expect(await sniff('Grüße, 日本語, emoji 🎉')).toBe('text/plain');
  });

  it('accepts a head cut inside a UTF-8 sequence', async () => {
    const text = Buffer.from(`a${'é'.repeat(3000)}`);
    expect(await sniffMimeType(text.subarray(0, SNIFF_BYTES))).toBe('text/plain');
    const json = Buffer.from(`[${'"ü",'.repeat(2000)}"end"]`);
    expect(await sniffMimeType(json.subarray(0, SNIFF_BYTES), 'big.json')).toBe('application/json');
  });

  it('does not take text for a format with a two-byte signature', async () => {
    expect(await sniff('BMW service record, 2021')).toBe('text/plain');
    expect(await sniff('MZ is a prefix of this note')).toBe('text/plain');
    expect(await sniff(`G${'x'.repeat(187)}G${'y'.repeat(300)}`)).toBe('text/plain');
  });

  it('calls everything else application/octet-stream', async () => {
    expect(await sniffMimeType(junk(SNIFF_BYTES))).toBe('application/octet-stream');
    expect(await sniffMimeType(junk(SNIFF_BYTES), 'notes.txt')).toBe('application/octet-stream');
    expect(await sniff('text with a NUL\0 byte', 'a.md')).toBe('application/octet-stream');
    expect(await sniffMimeType(Buffer.from([0xc3, 0x28, 0x41]))).toBe('application/octet-stream');
  });

  it('calls an empty file text/plain', async () => {
    expect(await sniffMimeType(Buffer.alloc(0))).toBe('text/plain');
    expect(await sniffMimeType(Buffer.alloc(0), 'empty.md')).toBe('text/markdown');
  });
});
