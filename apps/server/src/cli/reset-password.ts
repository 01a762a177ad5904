// `npm run user:reset-password -- EMAIL [--random] [--force]`: an operator sets a new password for a
// user who forgot theirs; every sign-in of the account ends. Reads the same configuration as the server.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { MESSAGES, PASSWORD_RULE_TEXT, passwordProblem } from '@easio/shared';
import { acceptablePassword, randomPassword, resetPasswordAsOperator } from '../auth/operator-reset.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { mailerFromConfig } from '../mail-out/mailer.js';
import { passwordChangedMail } from '../mail-out/messages.js';

const USAGE = `Usage: npm run user:reset-password -- EMAIL [--random] [--force]

Sets a new password for the account with this e-mail (or username) and signs it out everywhere.
You are asked for the new password (typed twice, not shown); press Enter to have a random one
printed instead. --random prints a random one without asking (also when not run in a terminal).
--force runs even though the embedded database looks in use (only when Easio is surely stopped).`;

/** Asks for a line without echoing what is typed. */
function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

async function choosePassword(random: boolean): Promise<{ password: string; generated: boolean }> {
  if (random || !process.stdin.isTTY) return { password: randomPassword(), generated: true };
  for (;;) {
    const first = await askHidden('New password (Enter for a random one): ');
    if (first === '') return { password: randomPassword(), generated: true };
    if (!acceptablePassword(first)) {
      console.error(`${passwordProblem(first) ?? PASSWORD_RULE_TEXT} (and no spaces at either end).`);
      continue;
    }
    if ((await askHidden('The same again: ')) === first) return { password: first, generated: false };
    console.error(MESSAGES.passwordsMustMatch);
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const flags = new Set(args.filter((a) => a.startsWith('--')));
  const [login, ...extra] = args.filter((a) => !a.startsWith('--'));
  const unknown = [...flags].filter((f) => !['--random', '--force', '--help'].includes(f));
  if (!login || extra.length > 0 || unknown.length > 0 || flags.has('--help')) {
    console.error(USAGE);
    return flags.has('--help') ? 0 : 2;
  }
  const config = loadConfig();
  // The embedded database serves one process: opened twice, it would be damaged.
  if (
    !config.DATABASE_URL &&
    existsSync(path.join(config.dataDir, 'pglite', 'postmaster.pid')) &&
    !flags.has('--force')
  ) {
    console.error(
      `The embedded database in ${config.dataDir} is in use: stop Easio first, then run this again.\n` +
        'If Easio is not running (it stopped abruptly), add --force.',
    );
    return 1;
  }
  const { password, generated } = await choosePassword(flags.has('--random'));
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    const done = await resetPasswordAsOperator(database.db, login, password);
    if (!done) {
      console.error(`No account has the e-mail or username ${login}.`);
      return 1;
    }
    const { user, endedSignIns } = done;
    console.log(
      `The password of ${user.username} <${user.email}> is changed; ${endedSignIns} sign-in${endedSignIns === 1 ? '' : 's'} ended.`,
    );
    if (generated)
      console.log(
        `New password: ${password}\nGive it to them privately; they can change it in their profile.`,
      );
    const mailer = mailerFromConfig(config);
    if (mailer) {
      const notice = passwordChangedMail(
        { email: user.email, name: user.firstName.trim() || user.username, username: user.username },
        `${config.publicUrl}/forgot-password`,
      );
      await mailer
        .send(notice)
        .then(() => console.log(`They were told by mail at ${user.email}.`))
        .catch((err: unknown) =>
          console.error(`Could not tell them by mail: ${err instanceof Error ? err.message : err}`),
        );
      await mailer.close();
    }
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
