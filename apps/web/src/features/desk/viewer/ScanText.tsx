import type { DeskObject } from '@easio/shared';
import { Alert, Badge, Button, Group, Loader, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { countOf } from '../../../lib/plural';
import { useReadTextAgain } from '../mutations';

const whatItIs = (object: DeskObject) => (object.mime_type === 'application/pdf' ? 'scan' : 'picture');

function ReadAgain({ object }: { object: DeskObject }) {
  const readAgain = useReadTextAgain();
  return (
    <Button
      size="xs"
      variant="default"
      loading={readAgain.isPending}
      onClick={() => readAgain.mutate(object.id)}
      style={{ alignSelf: 'flex-start' }}
    >
      Read again
    </Button>
  );
}

/** How sure the reading was, in words a person can use. */
function confidenceOf(object: DeskObject): string | null {
  const confidence = object.ocr?.confidence;
  if (confidence === null || confidence === undefined) return null;
  const words = confidence >= 85 ? 'clear' : confidence >= 65 ? 'mostly clear' : 'hard to read';
  return `${words}, ${Math.round(confidence)} % confidence`;
}

/**
 * The text Easio read from a scanned PDF or a photo of a document (OCR): while it reads, what it read
 * (selectable, so the browser's find works on it), that it found none, or why it could not.
 */
export function ScanText({ object }: { object: DeskObject }) {
  const ocr = object.ocr;
  if (!ocr) return null;
  const kind = whatItIs(object);
  if (ocr.state === 'pending' || ocr.state === 'reading') {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Reading text… Easio is reading the words in this {kind} so that search can find it.
        </Text>
      </Group>
    );
  }
  if (ocr.state === 'failed') {
    return (
      <Alert color="orange" title={`Easio could not read the text in this ${kind}`}>
        <Stack gap="xs">
          {ocr.error && <Text size="sm">Why: {ocr.error}</Text>}
          <ReadAgain object={object} />
        </Stack>
      </Alert>
    );
  }
  if (ocr.state === 'none' || !object.content) {
    return (
      <Group gap="sm">
        <Text size="sm" c="dimmed">
          No text found in this {kind}.
        </Text>
        <ReadAgain object={object} />
      </Group>
    );
  }
  const facts = [ocr.pages && kind === 'scan' ? countOf(ocr.pages, 'page') : null, confidenceOf(object)];
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Title order={3} size="sm">
            Text read from the {kind}
          </Title>
          <Badge size="xs" variant="light" color="gray" tt="none">
            OCR
          </Badge>
        </Group>
        <ReadAgain object={object} />
      </Group>
      <Text size="xs" c="dimmed">
        {facts.filter(Boolean).join(' · ')}
      </Text>
      <ScrollArea.Autosize mah="40vh" type="auto">
        <Paper withBorder radius="md" p="md" bg="var(--easio-surface-subtle)">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {object.content}
          </Text>
        </Paper>
      </ScrollArea.Autosize>
    </Stack>
  );
}
