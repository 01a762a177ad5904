import { deflateSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { sampleDocx } from './sample-files.js';

/** Hostile files made on the spot, scaled down from what an attacker would send, the bounds the same. */

/** A Word file whose document.xml unpacks to `mb` MB of one short run: a ZIP bomb (ratio ~1,000). */
export function wordBomb(mb: number): Buffer {
  const run = '<w:r><w:t>a</w:t></w:r>';
  const runs = run.repeat(Math.ceil((mb * 1024 * 1024) / run.length));
  return sampleDocx([runs.slice('<w:r><w:t>'.length, -'</w:t></w:r>'.length)]);
}

/** Words that do not repeat in any pattern a compressor finds quickly: real text's ratio (~3×). */
export function varied(words: number, seed = 7): string {
  let x = seed;
  const out: string[] = [];
  for (let i = 0; i < words; i += 1) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out.push(x.toString(36).slice(0, 3 + (x % 6)));
  }
  return out.join(' ');
}

/**
 * A Word file of real-looking text that packs like any document: `paragraphs` of `runs` runs (a word
 * each, as a document edited over years splits them), so a parser holds an object per word.
 */
export function denseWord(paragraphs: number, runs: number): Buffer {
  const run = '</w:t></w:r><w:r><w:t>';
  return sampleDocx(
    Array.from({ length: paragraphs }, (_, i) =>
      varied(runs, i + 1)
        .split(' ')
        .join(` ${run}`),
    ),
  );
}

/** An OpenDocument text whose `count` pictures of `mb` MB of zeros each pack to almost nothing. */
export function odtPictureBomb(count: number, mb: number): Buffer {
  const picture = new Uint8Array(mb * 1024 * 1024);
  const frames = Array.from(
    { length: count },
    (_, i) => `<draw:frame><draw:image xlink:href="Pictures/p${i}.png"/></draw:frame>`,
  ).join('');
  const files: Record<string, Uint8Array> = {
    mimetype: strToU8('application/vnd.oasis.opendocument.text'),
    'content.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:xlink="http://www.w3.org/1999/xlink"><office:body><office:text><text:p>Pictures${frames}</text:p></office:text></office:body></office:document-content>`,
    ),
  };
  for (let i = 0; i < count; i += 1) files[`Pictures/p${i}.png`] = picture;
  return Buffer.from(zipSync(files, { level: 9 }));
}

/** An Excel workbook whose one sheet unpacks to `mb` MB of the same row. */
export function sheetBomb(mb: number): Buffer {
  const row = '<row><c t="inlineStr"><is><t>x</t></is></c></row>';
  const rows = row.repeat(Math.ceil((mb * 1024 * 1024) / row.length));
  return Buffer.from(
    zipSync(
      {
        '[Content_Types].xml': strToU8(
          '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
        ),
        '_rels/.rels': strToU8(
          '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        ),
        'xl/workbook.xml': strToU8(
          '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
        ),
        'xl/_rels/workbook.xml.rels': strToU8(
          '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
        ),
        'xl/worksheets/sheet1.xml': strToU8(
          `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`,
        ),
      },
      { level: 9 },
    ),
  );
}

/** A PDF whose one page's content stream inflates to `mb` MB of spaces (packed at ~1,000 to one). */
export function pdfBomb(mb: number): Buffer {
  const stream = deflateSync(Buffer.alloc(mb * 1024 * 1024, 0x20), { level: 9 });
  const head = [
    '%PDF-1.4\n',
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n',
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>\nendobj\n',
    `4 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`,
  ].join('');
  const tail = '\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n';
  return Buffer.concat([Buffer.from(head, 'latin1'), stream, Buffer.from(tail, 'latin1')]);
}

/** An e-mail of `parts` one-byte attachments: mailparser never finishes one of a thousand. */
export function manyPartMail(parts: number): Buffer {
  const body: string[] = [];
  for (let i = 0; i < parts; i++) {
    body.push(
      `--cut\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename="p${i}.bin"\r\n\r\nx\r\n`,
    );
  }
  return Buffer.from(
    'From: Ann <ann@example.com>\r\nTo: bob@example.com\r\nSubject: Many parts\r\nMIME-Version: 1.0\r\n' +
      `Content-Type: multipart/mixed; boundary="cut"\r\n\r\n${body.join('')}--cut--\r\n`,
  );
}
