import { Alert, Button, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import type { NoteCopy } from './note-sync';

/** The note's text changed elsewhere while unsaved text was typed here: the user chooses which stays. */
export function ConflictNotice({
  theirs,
  onReload,
  onKeepMine,
}: {
  theirs: NoteCopy;
  onReload: () => void;
  onKeepMine: () => void;
}) {
  return (
    <Alert color="orange" role="alert">
      <Stack gap="xs">
        {/* In the text's own colour: the alert's orange title is too faint on its tint. */}
        <Text fw={700}>This note was changed on another device or tab</Text>
        <Text size="sm">
          Someone saved other text while you were typing. Your text is still here and has not been saved.
        </Text>
        <Text size="sm" fw={600}>
          The other text:
        </Text>
        <ScrollArea.Autosize mah={140} type="auto">
          <Paper withBorder radius="sm" p="xs" bg="var(--mantine-color-body)">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {theirs.text || '(no text)'}
            </Text>
          </Paper>
        </ScrollArea.Autosize>
        <Group gap="xs">
          <Button variant="default" onClick={onReload}>
            Load the other text
          </Button>
          <Button onClick={onKeepMine}>Keep mine</Button>
        </Group>
      </Stack>
    </Alert>
  );
}
