import { Button } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { Link } from 'react-router';
import classes from './PillNav.module.css';

export interface PillLink {
  to: string;
  label: string;
  active: boolean;
}

/**
 * A row of rounded links between a page's sections; the current one is filled and marked as the page.
 * The row never wraps: when it is wider than the page it scrolls sideways by itself. It is one stop for
 * Tab (the current section); the arrow keys, Home and End go to the others.
 */
export function PillNav({
  label,
  links,
  className,
  spaced = false,
}: {
  label: string;
  links: PillLink[];
  className?: string;
  /** Leaves room below it, before the page's content. */
  spaced?: boolean;
}) {
  const current = Math.max(
    0,
    links.findIndex((link) => link.active),
  );
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>('a')];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    const next =
      event.key === 'ArrowRight'
        ? (at + 1) % items.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + items.length) % items.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? items.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    items[next]?.focus();
  };
  return (
    <nav
      aria-label={label}
      onKeyDown={onKeyDown}
      className={[classes.pills, spaced && classes.spaced, className].filter(Boolean).join(' ')}
    >
      {links.map((link, index) => (
        <Button
          key={link.to}
          component={Link}
          to={link.to}
          variant={link.active ? 'filled' : 'default'}
          radius="xl"
          size="compact-md"
          aria-current={link.active ? 'page' : undefined}
          tabIndex={index === current ? 0 : -1}
          style={{ flexShrink: 0 }}
        >
          {link.label}
        </Button>
      ))}
    </nav>
  );
}
