import type { DeskObject } from '@easio/shared';
import { Group, ScrollArea, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { type KeyboardEvent, lazy, Suspense, useState } from 'react';
import { ConflictNotice } from './ConflictNotice';
import { SaveState } from './SaveState';
import { useNoteAutosave } from './use-note-autosave';

const MarkdownView = lazy(() => import('./MarkdownView'));

/** While the Markdown renderer loads, the text as typed. */
const Typed = ({ text }: { text: string }) => (
  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
    {text}
  </Text>
);

/**
 * A note's text in the viewer: written in Markdown, previewed rendered, saved as it is typed. Opens on
 * the preview when there is text to read, on the writing tab when there is none.
 */
export function NoteEditor({ object }: { object: DeskObject }) {
  const { draft, setDraft, status, retry, keepMine, reloadTheirs } = useNoteAutosave(object);
  const [tab, setTab] = useState<string | null>(draft.trim() === '' ? 'write' : 'preview');
  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && event.key === 's') {
      event.preventDefault();
      void retry();
    }
  };
  return (
    <Stack gap="xs">
      {status.kind === 'conflict' && (
        <ConflictNotice theirs={status.theirs} onReload={reloadTheirs} onKeepMine={keepMine} />
      )}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Group justify="space-between" align="center" wrap="nowrap">
          <Tabs.List>
            <Tabs.Tab value="write">Write</Tabs.Tab>
            <Tabs.Tab value="preview">Preview</Tabs.Tab>
          </Tabs.List>
          <SaveState status={status} onRetry={() => void retry()} />
        </Group>
        <Tabs.Panel value="write" pt="xs">
          <Textarea
            aria-label="Note text (Markdown)"
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            autosize
            minRows={8}
            maxRows={18}
          />
          <Text size="xs" c="dimmed" mt={4}>
            Markdown: **bold**, _italic_, # heading, - list, [link](https://…). Saved as you type.
          </Text>
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="xs">
          <ScrollArea.Autosize mah="60vh" type="auto">
            <Suspense fallback={<Typed text={draft} />}>
              <MarkdownView text={draft} />
            </Suspense>
          </ScrollArea.Autosize>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
