import { Code, Paper, ScrollArea, Stack, Text } from '@mantine/core';

/** A text or code file as it is written: code in a monospace block with its lines kept, text wrapped. */
export function TextPreview({
  text,
  code,
  truncated,
  label,
}: {
  text: string;
  code: boolean;
  truncated: boolean;
  label: string;
}) {
  return (
    <Stack gap="xs">
      <ScrollArea.Autosize
        mah="60vh"
        type="auto"
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': label }}
      >
        {code ? (
          <Code block fz="sm" style={{ whiteSpace: 'pre', tabSize: 4 }}>
            {text}
          </Code>
        ) : (
          <Paper withBorder radius="md" p="md" bg="var(--easio-surface-subtle)">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {text || 'This file is empty.'}
            </Text>
          </Paper>
        )}
      </ScrollArea.Autosize>
      {truncated && (
        <Text size="sm">Only the beginning of this file is shown. Download it to see all of it.</Text>
      )}
    </Stack>
  );
}
