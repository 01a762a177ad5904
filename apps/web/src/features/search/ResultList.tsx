import type { DeskObject, SearchResult } from '@easio/shared';
import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import { type MouseEvent, useCallback, useId, useMemo } from 'react';
import { countOf } from '../../lib/plural';
import { useIsPhone } from '../../lib/use-is-phone';
import { type ObjectAction, useObjectActions } from '../desk/actions/use-object-actions';
import { SelectionBar } from '../desk/browser/SelectionBar';
import { useSelection } from '../desk/browser/use-selection';
import { useOpenObject } from '../desk/links';
import { groupResults, type ResultGroup } from './groups';
import { ResultItem } from './ResultItem';
import classes from './search.module.css';

interface ItemHandlers {
  selectedIds: ReadonlySet<string>;
  onCheck: (event: MouseEvent, object: DeskObject) => void;
  onOpen: (object: DeskObject) => void;
  onAction: (action: ObjectAction, object: DeskObject) => void;
}

function GroupSection({ group, ...handlers }: { group: ResultGroup<SearchResult> } & ItemHandlers) {
  const headingId = useId();
  const count = group.results.length;
  return (
    <section aria-labelledby={headingId}>
      <Group gap="xs" mb="xs">
        <Title order={3} size="h5" id={headingId}>
          {group.label}
        </Title>
        <Badge variant="light" color="gray" tt="none">
          {countOf(count, 'result')}
        </Badge>
      </Group>
      <Stack component="ul" gap="xs" className={classes.list}>
        {group.results.map((result) => (
          <ResultItem
            key={result.id}
            result={result}
            selected={handlers.selectedIds.has(result.id)}
            onCheck={handlers.onCheck}
            onOpen={handlers.onOpen}
            onAction={handlers.onAction}
          />
        ))}
      </Stack>
    </section>
  );
}

interface Props {
  results: SearchResult[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
}

/**
 * The results per source, with the desk's selection bar, actions and dialogs: select some (or all
 * loaded), then move, download or delete them as on the desk.
 */
export function ResultList({ results, hasNextPage, isFetchingNextPage, fetchNextPage }: Props) {
  const groups = useMemo(() => groupResults(results), [results]);
  // Selection ranges (shift) follow the order on screen: group by group.
  const shown = useMemo(() => groups.flatMap((group) => group.results), [groups]);
  const selection = useSelection(shown);
  const { clear, click } = selection;
  const actions = useObjectActions(
    useCallback(
      (action: ObjectAction) => {
        if (action === 'move' || action === 'delete') clear();
      },
      [clear],
    ),
  );
  const open = useOpenObject();
  const touch = useIsPhone();
  const onCheck = useCallback(
    (event: MouseEvent, object: DeskObject) => click(object.id, { toggle: true, range: event.shiftKey }),
    [click],
  );
  const { run } = actions;
  const onAction = useCallback((action: ObjectAction, object: DeskObject) => run(action, [object]), [run]);

  return (
    <Stack gap="md">
      <SelectionBar
        selected={selection.selected}
        state={selection.state}
        disabled={shown.length === 0}
        selectingAll={false}
        downloading={actions.downloading}
        touch={touch}
        selecting={touch && selection.selected.length > 0}
        onToggleAll={() =>
          selection.state === 'all' ? clear() : selection.selectIds(shown.map((result) => result.id))
        }
        onClear={clear}
        onAction={run}
      />
      {groups.map((group) => (
        <GroupSection
          key={group.key}
          group={group}
          selectedIds={selection.selection.ids}
          onCheck={onCheck}
          onOpen={open}
          onAction={onAction}
        />
      ))}
      {hasNextPage && (
        <Group justify="center">
          <Button variant="default" onClick={fetchNextPage} loading={isFetchingNextPage}>
            Load more results
          </Button>
        </Group>
      )}
      {actions.dialogs}
    </Stack>
  );
}
