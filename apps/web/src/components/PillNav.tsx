import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';

export interface PillLink {
  to: string;
  label: string;
  active: boolean;
}

/** A row of rounded links between a page's sections; the current one is filled and marked as the page. */
export function PillNav({ label, links }: { label: string; links: PillLink[] }) {
  return (
    <Group mb="md" gap={6} component="nav" aria-label={label}>
      {links.map((link) => (
        <Button
          key={link.to}
          component={Link}
          to={link.to}
          variant={link.active ? 'filled' : 'default'}
          radius="xl"
          size="compact-md"
          aria-current={link.active ? 'page' : undefined}
        >
          {link.label}
        </Button>
      ))}
    </Group>
  );
}
