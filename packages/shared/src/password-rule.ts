/**
 * The password rule, once: a passphrase of PASSPHRASE_LENGTH characters or more, or else a shorter
 * password of MIXED_LENGTH or more that mixes an uppercase letter, a lowercase letter, a digit and a
 * symbol. The sign-up and settings checklists, the error messages and the server all read it from here.
 *
 * Characters are Unicode code points, so 'É', 'ß' and '٣' count as the letter or digit they are, and a
 * symbol is anything that is neither a letter nor a digit (punctuation, spaces inside the phrase, emoji).
 * Passwords are trimmed before they are checked, everywhere.
 */
export const PASSPHRASE_LENGTH = 12;
export const MIXED_LENGTH = 8;
export const PASSWORD_MAX = 128;

export type PasswordCheckId = 'passphrase' | 'length' | 'upper' | 'lower' | 'digit' | 'symbol';

interface CheckDefinition {
  id: PasswordCheckId;
  /** As the checklist shows it. */
  label: string;
  /** As a sentence names it when it is missing. */
  phrase: string;
  test: (password: string) => boolean;
}

const codePoints = (password: string) => [...password].length;

const PASSPHRASE: CheckDefinition = {
  id: 'passphrase',
  label: `${PASSPHRASE_LENGTH} or more characters`,
  phrase: `${PASSPHRASE_LENGTH} or more characters`,
  test: (p) => codePoints(p) >= PASSPHRASE_LENGTH,
};

/** The mixed rule's parts: all of them together pass, as the passphrase alone does. */
const MIXED: readonly CheckDefinition[] = [
  {
    id: 'length',
    label: `${MIXED_LENGTH} or more characters`,
    phrase: `${MIXED_LENGTH} or more characters`,
    test: (p) => codePoints(p) >= MIXED_LENGTH,
  },
  {
    id: 'upper',
    label: 'An uppercase letter',
    phrase: 'an uppercase letter',
    test: (p) => /\p{Lu}/u.test(p),
  },
  { id: 'lower', label: 'A lowercase letter', phrase: 'a lowercase letter', test: (p) => /\p{Ll}/u.test(p) },
  { id: 'digit', label: 'A digit', phrase: 'a digit', test: (p) => /\p{N}/u.test(p) },
  {
    id: 'symbol',
    label: 'A symbol (anything but a letter or digit, such as - or !)',
    phrase: 'a symbol',
    // Combining marks belong to the letter before them, so they are not symbols either.
    test: (p) => /[^\p{L}\p{M}\p{N}]/u.test(p),
  },
];

export interface PasswordCheck {
  id: PasswordCheckId;
  label: string;
  met: boolean;
}

export interface PasswordCheckResult {
  /** The whole rule: the passphrase, or every mixed check. */
  ok: boolean;
  passphrase: PasswordCheck;
  /** The mixed rule's checks, in the order the checklist shows them. */
  mixed: PasswordCheck[];
}

const run = (check: CheckDefinition, password: string): PasswordCheck => ({
  id: check.id,
  label: check.label,
  met: check.test(password),
});

/** Every check of the rule against `password` (trimmed first, as everywhere). */
export function checkPassword(raw: string): PasswordCheckResult {
  const password = raw.trim();
  const passphrase = run(PASSPHRASE, password);
  const mixed = MIXED.map((c) => run(c, password));
  return { ok: passphrase.met || mixed.every((c) => c.met), passphrase, mixed };
}

/** "a, b and c" */
function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const [MIXED_LENGTH_CHECK, ...MIXED_KINDS] = MIXED as [CheckDefinition, ...CheckDefinition[]];

/** The rule in one sentence (the hint under a password box). */
export const PASSWORD_RULE_TEXT = `Use ${PASSPHRASE.phrase}, or ${MIXED_LENGTH_CHECK.phrase} with ${listOf(
  MIXED_KINDS.map((c) => c.phrase),
)}`;

/** How every password problem begins, so the server can tell its own message from a framework's. */
export const PASSWORD_PROBLEM_START = `Needs ${PASSPHRASE.phrase}, or else `;

/**
 * Why `password` fails the rule, naming only what the mixed rule still lacks (e.g. 'Needs 12 or more
 * characters, or else 8 or more characters and an uppercase letter'); null when it passes.
 */
export function passwordProblem(password: string): string | null {
  const result = checkPassword(password);
  if (result.ok) return null;
  const missing = MIXED.filter((c) => !c.test(password.trim())).map((c) => c.phrase);
  return `${PASSWORD_PROBLEM_START}${listOf(missing)}`;
}
