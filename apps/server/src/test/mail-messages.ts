/** Raw messages as real mailers write them, oddities included, for the mail tests. */

const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n');

export interface TestMessage {
  id: string;
  subject?: string;
  from?: string;
  to?: string;
  date?: string;
  body?: string;
}

/** A plain message. */
export function plainMessage(m: TestMessage): string {
  return crlf(`From: ${m.from ?? 'Ada Lovelace <ada@example.org>'}
To: ${m.to ?? 'me@example.org'}
Subject: ${m.subject ?? 'Hello'}
Date: ${m.date ?? 'Mon, 02 Nov 2026 10:00:00 +0000'}
Message-ID: <${m.id}>
MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8

${m.body ?? 'Plain body.'}
`);
}

/**
 * Encoded words (ISO-8859-1 Q and UTF-8 B) in the subject and names, a multipart/mixed holding a
 * multipart/alternative (plain and HTML with a script, an event handler and a tracking pixel), and a
 * base64 PDF attachment whose name is encoded too.
 */
export function nestedMessage(id: string, attachment = Buffer.from('%PDF-1.4 invoice 4711')): string {
  return crlf(`From: =?ISO-8859-1?Q?Caf=E9_M=FCller?= <cafe@example.org>
To: me@example.org
Cc: =?UTF-8?B?SsO8cmdlbg==?= <juergen@example.org>
Subject: =?UTF-8?B?UmVjaG51bmcgZsO8ciBOb3ZlbWJlcg==?= =?ISO-8859-1?Q?_=28Caf=E9=29?=
Date: Tue, 03 Nov 2026 09:30:00 +0100
Message-ID: <${id}>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="outer"

--outer
Content-Type: multipart/alternative; boundary="inner"

--inner
Content-Type: text/plain; charset=ISO-8859-1
Content-Transfer-Encoding: quoted-printable

Ihre Rechnung f=FCr November liegt bei.

--inner
Content-Type: text/html; charset=utf-8

<html><body><p onclick="steal()">Ihre <b>Rechnung</b></p><script>alert(1)</script><img src="https://tracker.example/pixel.gif"><a href="javascript:alert(1)">x</a><a href="https://example.org/pay">Pay</a></body></html>
--inner--

--outer
Content-Type: application/pdf; name="=?UTF-8?Q?Rechnung_f=C3=BCr_November.pdf?="
Content-Disposition: attachment; filename="=?UTF-8?Q?Rechnung_f=C3=BCr_November.pdf?="
Content-Transfer-Encoding: base64

${attachment.toString('base64').replace(/.{76}/g, '$&\n')}
--outer--
`);
}

/** Declares UTF-8 but carries Latin-1 bytes, and a charset nobody knows: read as well as can be, never refused. */
export function brokenCharsetMessage(id: string): Buffer {
  const head = crlf(`From: sender@example.org
To: me@example.org
Subject: Broken charset
Date: Wed, 04 Nov 2026 12:00:00 +0000
Message-ID: <${id}>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="b"

--b
Content-Type: text/plain; charset=utf-8

`);
  const latin1 = Buffer.from('Gr\xfc\xdfe aus K\xf6ln\r\n', 'latin1');
  const tail = crlf(`
--b
Content-Type: text/plain; charset=x-nobody-knows

second part
--b--
`);
  return Buffer.concat([Buffer.from(head), latin1, Buffer.from(tail)]);
}

/** A message with one small attachment and one of `bigBytes` bytes. */
export function messageWithBigAttachment(id: string, bigBytes: number): string {
  const big = Buffer.alloc(bigBytes, 7).toString('base64').replace(/.{76}/g, '$&\n');
  return crlf(`From: photos@example.org
To: me@example.org
Subject: Holiday pictures
Date: Thu, 05 Nov 2026 08:00:00 +0000
Message-ID: <${id}>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="m"

--m
Content-Type: text/plain; charset=utf-8

Two files.
--m
Content-Type: text/plain; name="notes.txt"
Content-Disposition: attachment; filename="notes.txt"

small notes
--m
Content-Type: application/octet-stream; name="video.bin"
Content-Disposition: attachment; filename="video.bin"
Content-Transfer-Encoding: base64

${big}
--m--
`);
}

const base64Lines = (bytes: Buffer) => bytes.toString('base64').replace(/.{76}/g, '$&\n');

/** A one-pixel PNG. */
export const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * As Outlook writes a signature: an HTML body showing a small logo and a large photo by content id
 * (multipart/related, each named and `inline`), and a PDF really attached beside them.
 */
export function messageWithInlinePictures(id: string, bigPictureBytes = 300 * 1024): string {
  const big = Buffer.concat([PIXEL_PNG, Buffer.alloc(bigPictureBytes, 1)]);
  return crlf(`From: Grace Hopper <grace@example.org>
To: me@example.org
Subject: Signed newsletter
Date: Fri, 06 Nov 2026 08:00:00 +0000
Message-ID: <${id}>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="mixed"

--mixed
Content-Type: multipart/related; boundary="related"

--related
Content-Type: text/html; charset=utf-8

<p>News</p><img src="cid:image001.png@01DA0000.00000000" alt="Logo"><img src="cid:photo@x" alt="Photo"><img src="cid:nowhere@x" alt="Missing">
--related
Content-Type: image/png; name="image001.png"
Content-Disposition: inline; filename="image001.png"
Content-ID: <image001.png@01DA0000.00000000>
Content-Transfer-Encoding: base64

${base64Lines(PIXEL_PNG)}
--related
Content-Type: image/png; name="photo.png"
Content-Disposition: inline; filename="photo.png"
Content-ID: <photo@x>
Content-Transfer-Encoding: base64

${base64Lines(big)}
--related--

--mixed
Content-Type: application/pdf; name="programme.pdf"
Content-Disposition: attachment; filename="programme.pdf"
Content-Transfer-Encoding: base64

${base64Lines(Buffer.from('%PDF-1.4 programme'))}
--mixed--
`);
}

/** A message with two small attachments (for "attachments only"). */
export function messageWithTwoFiles(id: string): string {
  return crlf(`From: scans@example.org
To: me@example.org
Subject: Two scans
Date: Sat, 07 Nov 2026 08:00:00 +0000
Message-ID: <${id}>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="two"

--two
Content-Type: text/plain; charset=utf-8

Both pages.
--two
Content-Type: text/plain; name="page-1.txt"
Content-Disposition: attachment; filename="page-1.txt"

first page
--two
Content-Type: text/plain; name="page-2.txt"
Content-Disposition: attachment; filename="page-2.txt"

second page
--two--
`);
}
