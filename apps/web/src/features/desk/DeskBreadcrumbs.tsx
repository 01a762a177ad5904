import type { Crumb } from '@easio/shared';
import { Anchor } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { folderName } from '../../lib/object-info';
import classes from './desk.module.css';
import { useCrumbDrop } from './dnd/use-desk-dnd';
import { folderPath } from './links';

function CrumbLink({ crumb }: { crumb: Crumb }) {
  const name = folderName(crumb);
  const drop = useCrumbDrop({ id: crumb.id, name, data_type: crumb.data_type }, false);
  return (
    <Anchor
      ref={drop.setRef}
      component={Link}
      to={folderPath(crumb)}
      size="sm"
      fw={500}
      className={[classes.crumb, drop.isOver && classes.dropOver].filter(Boolean).join(' ')}
    >
      {name}
    </Anchor>
  );
}

/**
 * The folders above this one, from My Desk, each a link that takes drops; the current folder's name
 * follows as the page's heading. Nothing at the top (My Desk's own content).
 */
export function DeskBreadcrumbs({ path }: { path: readonly Crumb[] }) {
  const above = path.slice(0, -1);
  if (above.length === 0) return null;
  return (
    <nav aria-label="Folder path" className={classes.crumbs}>
      {above.map((crumb) => (
        <Fragment key={crumb.id}>
          <CrumbLink crumb={crumb} />
          <span aria-hidden="true" className={classes.crumbSeparator}>
            ›
          </span>
        </Fragment>
      ))}
    </nav>
  );
}
