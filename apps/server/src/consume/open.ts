import { constants } from 'node:fs';
import { access, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { createUserRepository } from '../auth/repository.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { ConsumeFolderSettings } from './consumer.js';

/** Where files that cannot be taken go: a folder inside the scanner folder, which the scans pass over. */
export const FAILED_FOLDER = 'failed';

/**
 * The scanner folder's settings from the configuration, checked: null when CONSUME_DIR is unset; an
 * Error naming the setting when the account does not exist or a folder cannot be read and written.
 */
export async function openConsumeFolder(
  config: Pick<
    Config,
    'CONSUME_DIR' | 'CONSUME_USER' | 'CONSUME_DONE_DIR' | 'CONSUME_POLL_SECONDS' | 'CONSUME_STABLE_SECONDS'
  >,
  db: Db,
): Promise<ConsumeFolderSettings | null> {
  if (!config.CONSUME_DIR || !config.CONSUME_USER) return null;
  const dir = path.resolve(config.CONSUME_DIR);
  const user = await createUserRepository(db).findByLogin(config.CONSUME_USER);
  if (!user) {
    throw new Error(`CONSUME_USER: no account has the username or e-mail address "${config.CONSUME_USER}"`);
  }
  if (!user.rootFolder) throw new Error(`CONSUME_USER: the desk of "${config.CONSUME_USER}" is not made yet`);
  await usableFolder('CONSUME_DIR', dir, false);
  const doneDir = config.CONSUME_DONE_DIR ? path.resolve(config.CONSUME_DONE_DIR) : null;
  if (doneDir) await usableFolder('CONSUME_DONE_DIR', doneDir, true);
  return {
    dir,
    user,
    doneDir,
    failedDir: path.join(dir, FAILED_FOLDER),
    pollMs: Math.round(config.CONSUME_POLL_SECONDS * 1000),
    stableMs: Math.round(config.CONSUME_STABLE_SECONDS * 1000),
  };
}

async function usableFolder(setting: string, dir: string, make: boolean): Promise<void> {
  try {
    if (make) await mkdir(dir, { recursive: true });
    if (!(await stat(dir)).isDirectory()) throw new Error('not a folder');
    await access(dir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new Error(`${setting}: ${dir} is not a folder this process can read and write (${reason})`);
  }
}
