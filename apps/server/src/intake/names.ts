import { itemNameRule, NAME_MAX } from '@easio/shared';
import { cutText, storableText } from './text.js';

const SPACING_CONTROLS = /[\t\n\v\f\r]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
const OTHER_CONTROLS = /[\u0000-\u001f\u007f]/g;

/** The head of a text (nothing past the cap can be kept) without control characters, trimmed. */
function cleaned(name: string): string {
  const head = name.length > NAME_MAX * 4 ? name.slice(0, NAME_MAX * 4) : name;
  return cutText(
    storableText(head.replace(SPACING_CONTROLS, ' ').replace(OTHER_CONTROLS, '')).trim(),
    NAME_MAX,
  );
}

/**
 * A name from outside (a file's, an export's, a provider's) as an item's name, held to the desk's rule
 * (`itemNameRule`): tabs and line breaks become spaces, other control characters go (NUL cannot be
 * stored), trimmed, and cut to `NAME_MAX` characters: a longer name is shortened, not refused. Nothing
 * else is changed (a name is only ever shown as text). `fallback`, held to the same rule, when nothing
 * is left.
 */
export function intakeName(name: string, fallback: string): string {
  for (const candidate of [name, fallback]) {
    const parsed = itemNameRule.safeParse(cleaned(candidate));
    if (parsed.success) return parsed.data;
  }
  return 'Untitled';
}
