// biome-ignore-all lint/a11y/useSemanticElements: a virtualised list positions its rows absolutely, so it is built from divs with the ARIA grid roles rather than a table.
// biome-ignore-all lint/a11y/useFocusableInteractive: the grid uses roving focus: one row or card at a time is tabbable, the arrow keys move between them.
import { Anchor, Text } from '@mantine/core';
import { memo } from 'react';
import { ObjectIcon } from '../../../components/ObjectIcon';
import {
  displayName,
  formatCoordinates,
  formatDate,
  formatSize,
  kindLabel,
  mapLink,
  placeOf,
  takenAt,
} from '../../../lib/object-info';
import classes from '../desk.module.css';
import { JobBadge } from '../JobBadge';
import type { ItemProps } from './handlers';
import { ObjectMenu } from './ObjectMenu';
import { DragHandle, SelectBox } from './row-parts';
import { useObjectCell } from './use-object-cell';

/** Where and when a photo was taken, for the gallery. */
function PhotoFacts({ object }: { object: ItemProps['object'] }) {
  const place = placeOf(object.metadata);
  return (
    <>
      <Text size="xs" c="dimmed">
        <time dateTime={takenAt(object)}>{formatDate(takenAt(object), true)}</time>
      </Text>
      {place ? (
        <Anchor
          size="xs"
          href={mapLink(place)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={(e) => e.stopPropagation()}
          onPointerDown={(e) => e.stopPropagation()}
          aria-label={`Map of where ${displayName(object)} was taken: ${formatCoordinates(place)}`}
        >
          {formatCoordinates(place)}
        </Anchor>
      ) : (
        <Text size="xs" c="dimmed">
          No place recorded
        </Text>
      )}
    </>
  );
}

/** One object in the grid view (and, with `photo`, in the gallery). */
export const ObjectCard = memo(function ObjectCard({
  object,
  selected,
  tabbable,
  draggable,
  droppable,
  touch,
  handlers,
  photo = false,
}: Omit<ItemProps, 'top' | 'height' | 'rowIndex'> & { photo?: boolean }) {
  const cell = useObjectCell(
    { object, selected, tabbable, draggable, droppable, touch, handlers },
    classes.card,
  );
  const name = displayName(object);
  return (
    <div role="gridcell" {...cell.props}>
      <div className={classes.cardCorner} style={{ left: 6 }}>
        <SelectBox object={object} selected={selected} onCheck={handlers.onCheck} />
      </div>
      <div className={classes.cardCorner} style={{ right: 6 }}>
        <DragHandle object={object} handle={cell.handle} />
        <ObjectMenu object={object} onAction={handlers.onAction} />
      </div>
      <div className={classes.cardMedia}>
        {object.thumbnail_url ? (
          <img src={object.thumbnail_url} alt="" loading="lazy" decoding="async" draggable={false} />
        ) : (
          <ObjectIcon object={object} size={56} />
        )}
      </div>
      <div className={classes.cardBody}>
        <div className={classes.nameLine}>
          <span className={classes.name} title={name}>
            {name}
          </span>
          <JobBadge object={object} />
        </div>
        {photo ? (
          <PhotoFacts object={object} />
        ) : (
          <span className={classes.meta}>
            {[kindLabel(object), formatSize(object.size), formatDate(object.item_date)]
              .filter(Boolean)
              .join(' · ')}
          </span>
        )}
      </div>
    </div>
  );
});
