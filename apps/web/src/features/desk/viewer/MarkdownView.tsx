import { Text, Typography } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { markdownToHtml } from '../../../lib/markdown';
import { safeFragment } from '../../../lib/safe-html';

/** A note's Markdown, rendered and sanitised (loaded with the editor's first preview, not with the desk). */
export default function MarkdownView({ text }: { text: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.replaceChildren(safeFragment(markdownToHtml(text)));
  }, [text]);
  if (text.trim() === '') {
    return (
      <Text c="dimmed" size="sm">
        No text yet.
      </Text>
    );
  }
  return (
    <Typography>
      <div ref={ref} style={{ overflowWrap: 'anywhere' }} data-testid="note-preview" />
    </Typography>
  );
}
