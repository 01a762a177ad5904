// biome-ignore-all lint/a11y/useSemanticElements: a virtualised list positions its rows absolutely, so it is built from divs with the ARIA grid roles rather than a table.
// biome-ignore-all lint/a11y/useFocusableInteractive: the grid uses roving focus: one row or card at a time is tabbable, the arrow keys move between them.
import { memo } from 'react';
import { displayName, formatDate, formatSize, kindLabel } from '../../../lib/object-info';
import { plural } from '../../../lib/plural';
import classes from '../desk.module.css';
import { BINDER_STATE_LABEL } from '../filters';
import { JobBadge } from '../JobBadge';
import type { ItemProps } from './handlers';
import { ObjectMenu } from './ObjectMenu';
import { DragHandle, SelectBox, Thumb } from './row-parts';
import { useObjectCell } from './use-object-cell';

/** What a note says, or a link's address: shown after the name, dimmed, while there is room. */
function detailOf(object: ItemProps['object']): string | null {
  if (object.url && object.name.trim() !== '' && object.name !== object.url) return object.url;
  if (object.data_type === 'note_object' || object.data_type === 'url_note_object') return object.content;
  return null;
}

/** A folder's content in a few words ("Open · 3 items"), null for an item. */
function folderCount(object: ItemProps['object']): string | null {
  if (object.child_count === null) return null;
  const count = `${object.child_count} ${plural(object.child_count, 'item')}`;
  return object.binder_state ? `${BINDER_STATE_LABEL[object.binder_state]} · ${count}` : count;
}

/**
 * One object in the list view: a grid row that selects, opens, drags, and takes drops when it is a
 * folder. On a phone (`touch`) it is a compact two-line row: a tap opens, a long press selects.
 */
export const ObjectRow = memo(function ObjectRow({
  object,
  selected,
  tabbable,
  draggable,
  droppable,
  touch,
  handlers,
  top,
  height,
  rowIndex,
}: ItemProps) {
  const cell = useObjectCell(
    { object, selected, tabbable, draggable, droppable, touch, handlers },
    classes.row,
  );
  const name = displayName(object);
  const kind = kindLabel(object);
  const detail = detailOf(object);
  const count = folderCount(object);
  const date = formatDate(object.item_date);
  return (
    <div role="row" aria-rowindex={rowIndex} style={{ top, height }} {...cell.props}>
      <div role="gridcell" className={classes.cellSelect}>
        <DragHandle object={object} handle={cell.handle} />
        <SelectBox object={object} selected={selected} onCheck={handlers.onCheck} />
      </div>
      <div role="gridcell" className={classes.cellName}>
        <Thumb object={object} />
        <div className={classes.nameBlock}>
          <div className={classes.nameLine}>
            <span className={classes.name} title={name} data-name>
              {name}
            </span>
            <JobBadge object={object} />
            {detail && <span className={classes.inlineDetail}>{detail}</span>}
          </div>
          <span className={classes.touchMeta}>{[date, count ?? kind].filter(Boolean).join(' · ')}</span>
        </div>
      </div>
      <div role="gridcell" className={classes.cellKind}>
        <span className={classes.meta}>{kind}</span>
      </div>
      <div role="gridcell" className={classes.cellSize}>
        <span className={classes.meta}>{count ?? formatSize(object.size)}</span>
      </div>
      <div role="gridcell" className={classes.cellDate}>
        <span className={classes.meta}>{date}</span>
      </div>
      <div role="gridcell" style={{ flexShrink: 0 }}>
        <ObjectMenu object={object} onAction={handlers.onAction} />
      </div>
    </div>
  );
});
