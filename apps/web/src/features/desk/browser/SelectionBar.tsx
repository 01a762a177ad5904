import type { DeskObject } from '@easio/shared';
import { Button, Checkbox, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DownloadIcon, MoveIcon, OpenIcon, TrashIcon } from '../../../components/object-icons';
import type { ObjectAction } from '../actions/use-object-actions';
import classes from '../desk.module.css';
import { isDownloadable } from './ObjectMenu';

interface Props {
  selected: DeskObject[];
  state: 'none' | 'some' | 'all';
  /** Nothing listed: the select-all box has nothing to select. */
  disabled: boolean;
  selectingAll: boolean;
  downloading: boolean;
  /** The listing's own controls (filters, sort, view), shown while nothing is selected. */
  tools?: ReactNode;
  /** Phones: the selection's actions sit in a bar at the bottom, and a select mode replaces the pointer's modifiers. */
  touch: boolean;
  /** Touch select mode: taps choose items instead of opening them. */
  selecting: boolean;
  /** Offers Select and Done to enter and leave select mode (lists whose items carry no checkbox on a phone). */
  onSelecting?: (on: boolean) => void;
  onToggleAll: () => void;
  onClear: () => void;
  onAction: (action: ObjectAction, objects: DeskObject[]) => void;
}

function SelectionActions({
  selected,
  downloading,
  onAction,
  onClear,
  touch,
}: Pick<Props, 'selected' | 'downloading' | 'onAction' | 'onClear' | 'touch'>) {
  const count = selected.length;
  const canDownload = count > 0 && selected.every(isDownloadable);
  const size = touch ? 'compact-md' : 'compact-sm';
  return (
    <Group gap={6} wrap="nowrap" className={classes.selectionActions}>
      {count === 1 && selected[0] && (
        <Button
          size={size}
          variant="default"
          leftSection={<OpenIcon size={14} />}
          onClick={() => onAction('open', selected)}
        >
          Open
        </Button>
      )}
      <Button
        size={size}
        variant="default"
        leftSection={<MoveIcon size={14} />}
        disabled={count === 0}
        onClick={() => onAction('move', selected)}
      >
        Move to…
      </Button>
      <Button
        size={size}
        variant="default"
        leftSection={<DownloadIcon size={14} />}
        onClick={() => onAction('download', selected)}
        disabled={!canDownload}
        loading={downloading}
      >
        Download
      </Button>
      <Button
        size={size}
        variant="default"
        color="red"
        leftSection={<TrashIcon size={14} />}
        disabled={count === 0}
        onClick={() => onAction('delete', selected)}
      >
        Delete
      </Button>
      {!touch && (
        <Button size={size} variant="subtle" color="gray" onClick={onClear}>
          Clear selection
        </Button>
      )}
    </Group>
  );
}

/**
 * The bar above a listing, always one line high so the rows never shift: select all and the listing's
 * tools, or, once something is selected, the count and what to do with it (open, move, download,
 * delete). On a phone the actions go to a bar at the bottom, within the thumb's reach.
 */
export function SelectionBar({
  selected,
  state,
  disabled,
  selectingAll,
  downloading,
  tools,
  touch,
  selecting,
  onSelecting,
  onToggleAll,
  onClear,
  onAction,
}: Props) {
  const count = selected.length;
  const showActions = count > 0 && !touch;
  return (
    <>
      <div className={classes.listBar} data-active={count > 0 || undefined}>
        {(!touch || selecting) && (
          <Checkbox
            aria-label="Select all"
            checked={state === 'all'}
            indeterminate={state === 'some'}
            onChange={onToggleAll}
            disabled={disabled || selectingAll}
            size="sm"
            className={classes.selectAll}
            // Out of the Tab order like the rows' own boxes: in the list, Ctrl+A selects all, Esc none.
            tabIndex={-1}
          />
        )}
        <Text
          size="sm"
          fw={600}
          aria-live="polite"
          className={classes.selectedCount}
          data-empty={!(selectingAll || count > 0) || undefined}
        >
          {selectingAll ? 'Selecting everything…' : count > 0 ? `${count.toLocaleString()} selected` : ''}
        </Text>
        {showActions ? (
          <SelectionActions
            selected={selected}
            downloading={downloading}
            onAction={onAction}
            onClear={onClear}
            touch={false}
          />
        ) : (
          (!touch || !selecting) && tools
        )}
        {touch && onSelecting && (
          <Button
            size="compact-md"
            variant={selecting ? 'light' : 'subtle'}
            ml="auto"
            disabled={disabled && !selecting}
            onClick={() => {
              if (selecting) onClear();
              onSelecting(!selecting);
            }}
            style={{ flexShrink: 0 }}
          >
            {selecting ? 'Done' : 'Select'}
          </Button>
        )}
      </div>
      {touch && selecting && (
        <div className={classes.bottomBar} role="toolbar" aria-label="Selected items">
          <SelectionActions
            selected={selected}
            downloading={downloading}
            onAction={onAction}
            onClear={onClear}
            touch
          />
        </div>
      )}
    </>
  );
}
