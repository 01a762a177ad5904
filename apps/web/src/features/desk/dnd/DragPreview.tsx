import { Badge, Group, Paper, Text } from '@mantine/core';
import { dragLabel } from '../drag-label';

/** The spec's drag preview: the name or url (cut per the spec) and the count of dragged items. */
export function DragPreview({ text, count }: { text: string; count: number }) {
  return (
    <Paper
      data-testid="drag-preview"
      shadow="lg"
      radius="md"
      withBorder
      px="sm"
      py={8}
      w={300}
      style={{ opacity: 0.8, pointerEvents: 'none' }}
    >
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap', overflow: 'hidden' }}>
          {dragLabel(text)}
        </Text>
        <Badge circle={count < 10} size="lg" variant="filled">
          {count}
        </Badge>
      </Group>
    </Paper>
  );
}
