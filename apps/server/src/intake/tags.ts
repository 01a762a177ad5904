import { TAG_MAX, TAGS_MAX } from '@easio/shared';
import { cutText, storableText } from './text.js';

/**
 * Tags from outside held to the desk's rule (`tagsSchema`): each with its spaces run together and
 * trimmed, cut to `TAG_MAX` characters, kept once; empty ones left out, at most `TAGS_MAX` of them.
 */
export function intakeTags(tags: readonly string[]): string[] {
  const kept = new Set<string>();
  for (const tag of tags) {
    if (kept.size >= TAGS_MAX) break;
    const cleaned = cutText(
      storableText(tag.slice(0, TAG_MAX * 4))
        .replace(/\s+/g, ' ')
        .trim(),
      TAG_MAX,
    );
    const trimmed = cleaned.trim();
    if (trimmed) kept.add(trimmed);
  }
  return [...kept];
}
