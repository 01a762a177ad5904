import type { DeskObject, SearchResult } from '@easio/shared';
import { ActionIcon, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { type MouseEvent, memo, useId } from 'react';
import { Link } from 'react-router';
import { ObjectIcon } from '../../components/ObjectIcon';
import { OpenIcon } from '../../components/object-icons';
import { displayName, formatDate, formatSize, KIND_LABEL, SOURCE_LABEL } from '../../lib/object-info';
import type { ObjectAction } from '../desk/actions/use-object-actions';
import { ObjectMenu } from '../desk/browser/ObjectMenu';
import { SelectBox } from '../desk/browser/row-parts';
import { Highlighted } from './Highlighted';
import { inFolderHref, pathText } from './open-result';
import classes from './search.module.css';

interface Props {
  result: SearchResult;
  selected: boolean;
  onCheck: (event: MouseEvent, object: DeskObject) => void;
  onOpen: (object: DeskObject) => void;
  onAction: (action: ObjectAction, object: DeskObject) => void;
}

/** One result: its name and passage with the matched words marked, what and where it is, and its actions. */
export const ResultItem = memo(function ResultItem({ result, selected, onCheck, onOpen, onAction }: Props) {
  const nameId = useId();
  const facts = [
    KIND_LABEL[result.data_type],
    formatDate(result.item_date),
    formatSize(result.size),
    SOURCE_LABEL[result.source],
  ].filter(Boolean);
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      className={classes.result}
      data-selected={selected || undefined}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap" pt={4}>
          <SelectBox object={result} selected={selected} onCheck={onCheck} />
          <ObjectIcon object={result} size={32} />
        </Group>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Anchor
            component="button"
            type="button"
            id={nameId}
            fw={600}
            className={classes.name}
            onClick={() => onOpen(result)}
          >
            <Highlighted parts={result.highlight.name} fallback={displayName(result)} />
          </Anchor>
          {result.highlight.snippet && (
            <Text size="sm" className={classes.snippet}>
              <Highlighted parts={result.highlight.snippet} />
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {facts.join(' · ')}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            In {pathText(result)}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Button
            component={Link}
            to={inFolderHref(result)}
            size="compact-sm"
            variant="default"
            leftSection={<OpenIcon size={14} />}
            aria-describedby={nameId}
            visibleFrom="sm"
          >
            Open in folder
          </Button>
          <ActionIcon
            component={Link}
            to={inFolderHref(result)}
            variant="default"
            aria-label="Open in folder"
            aria-describedby={nameId}
            hiddenFrom="sm"
          >
            <OpenIcon size={16} />
          </ActionIcon>
          <ObjectMenu object={result} onAction={onAction} />
        </Group>
      </Group>
    </Paper>
  );
});
