import type { Crumb } from '@easio/shared';
import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import classes from './desk.module.css';
import { useCrumbDrop } from './dnd/use-desk-dnd';
import { folderPath } from './links';
import { folderName } from './object-info';

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

/** Where this folder is, from My Desk; every crumb above the current folder takes drops. */
export function DeskBreadcrumbs({ path }: { path: readonly Crumb[] }) {
  const last = path.at(-1);
  return (
    <nav aria-label="Folder path">
      <Breadcrumbs separator="›" separatorMargin={4}>
        {path.slice(0, -1).map((crumb) => (
          <CrumbLink key={crumb.id} crumb={crumb} />
        ))}
        {last && (
          <Text size="sm" fw={600} aria-current="page" className={classes.crumb}>
            {folderName(last)}
          </Text>
        )}
      </Breadcrumbs>
    </nav>
  );
}
