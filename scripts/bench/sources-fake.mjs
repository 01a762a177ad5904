// The loopback Google of `npm run bench:sources`, in its own process (so the benchmark's RSS is the
// server's alone): DRIVE_FILES small files in 100 folders and MAILS e-mails with a 2 KB attachment.
import { startFakeGoogle } from '../../apps/server/src/test/fake-google/server.ts';

const files = Number(process.env.DRIVE_FILES ?? 10_000);
const mails = Number(process.env.MAILS ?? 1_000);
const google = await startFakeGoogle([process.env.REDIRECT_URI], { controlRoutes: true });
const folders = Array.from({ length: 100 }, (_, i) => google.drive.folder(`Folder ${i}`));
for (let i = 0; i < files; i++) {
  google.drive.add({
    name: `document-${i}.txt`,
    mimeType: 'text/plain',
    parents: [folders[i % folders.length].id],
    content: Buffer.from(`Document ${i}: ${'lorem ipsum dolor sit amet '.repeat(8)}`),
  });
}
const attachment = Buffer.alloc(2048, 'a');
for (let i = 0; i < mails; i++) {
  google.gmail.add({
    from: `Sender ${i % 50} <sender${i % 50}@example.com>`,
    subject: `Message ${i}`,
    text: `Body of message ${i}. ${'words in the mail '.repeat(20)}`,
    attachments: [{ filename: `attachment-${i}.txt`, mimeType: 'text/plain', content: attachment }],
  });
}
process.stdout.write(`${JSON.stringify({ url: google.url })}\n`);
process.on('SIGTERM', () => void google.close().then(() => process.exit(0)));
