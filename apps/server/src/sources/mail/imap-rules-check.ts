import { type ImapRules, imapChoicesSchema, imapRulesSchema } from '@easio/shared';
import { HttpError } from '../../http/http-error.js';
import type { Connector } from '../source.js';

/**
 * The rules that choose which messages are read (sender, subject, body, age, attachments only), as one
 * string kept in the cursor: a cursor taken under other rules reads every folder again from its start.
 * The folders are not part of it: each has a cursor of its own, and a new one is read from its start.
 */
export const choosingRules = (rules: ImapRules): string =>
  JSON.stringify([
    rules.from_contains,
    rules.subject_contains,
    rules.body_contains,
    rules.max_age_days,
    rules.attachments_only,
  ]);

/** Why the rules cannot be followed in a mailbox with these folders (one they name is missing), or null. */
export function missingFolder(rules: ImapRules, folders: readonly { path: string }[]): string | null {
  const paths = new Set(folders.map((f) => f.path));
  const unknown = rules.folders.filter((f) => !paths.has(f));
  if (unknown.length) return `The mailbox has no folder ${unknown.map((f) => `“${f}”`).join(', ')}`;
  if (rules.after_import === 'move' && !paths.has(rules.move_to)) {
    return `The mailbox has no folder “${rules.move_to}” to move imported messages to`;
  }
  return null;
}

/**
 * Refuses (422) new rules that name a folder the mailbox lacks, read from the mailbox when the folders
 * or the one to move to changed (502 when it cannot be read); other changes are saved without asking it.
 */
export async function checkImapRules(
  connect: () => Connector,
  saved: Record<string, unknown>,
  next: Record<string, unknown>,
): Promise<void> {
  const rules = imapRulesSchema.parse(next);
  const before = imapRulesSchema.safeParse(saved).data;
  const moveTo = rules.after_import === 'move' ? rules.move_to : '';
  const movedBefore = before?.after_import === 'move' ? before.move_to : '';
  if (before && moveTo === movedBefore && rules.folders.every((f) => before.folders.includes(f))) return;
  let folders: { path: string }[];
  try {
    const listed = imapChoicesSchema.safeParse(await connect().choices?.());
    if (!listed.success) throw new Error('The mail server did not list its folders');
    folders = listed.data.folders;
  } catch (error) {
    throw new HttpError(502, error instanceof Error ? error.message : String(error));
  }
  const missing = missingFolder(rules, folders);
  if (missing) throw new HttpError(422, missing);
}
