import { type DeskObject, TAG_MAX, TAGS_MAX } from '@easio/shared';
import { Pill, TagsInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useUpdateObject } from '../mutations';

const sameTags = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((tag, i) => tag === b[i]);

/** An item's tags, added (Enter or comma) and removed (×, or Backspace) in place; each change is saved at once. */
export function TagsEditor({ object }: { object: DeskObject }) {
  const update = useUpdateObject();
  const [tags, setTags] = useState(object.tags);
  // Tags changed elsewhere (another tab, a suggestion accepted) show when the item is read again.
  useEffect(() => setTags(object.tags), [object.tags]);

  const change = (next: string[]) => {
    const cleaned = [...new Set(next.map((t) => t.trim()).filter((t) => t !== ''))];
    if (sameTags(cleaned, tags)) return;
    const before = tags;
    setTags(cleaned);
    update.mutate({ id: object.id, changes: { tags: cleaned } }, { onError: () => setTags(before) });
  };

  return (
    <TagsInput
      label="Tags"
      placeholder={tags.length < TAGS_MAX ? 'Add a tag, then Enter' : undefined}
      value={tags}
      onChange={change}
      maxTags={TAGS_MAX}
      maxLength={TAG_MAX}
      splitChars={[',']}
      acceptValueOnBlur
      clearable={false}
      // Each tag's × is a named button reachable by Tab (Mantine's own is hidden from both).
      renderPill={({ value, onRemove }) => (
        <Pill
          withRemoveButton
          onRemove={onRemove}
          removeButtonProps={{ 'aria-label': `Remove tag ${value}`, 'aria-hidden': false, tabIndex: 0 }}
        >
          {value}
        </Pill>
      )}
      description={update.isPending ? 'Saving…' : undefined}
    />
  );
}
