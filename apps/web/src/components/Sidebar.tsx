import { Badge, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { UI } from '../lib/glossary';
import { DeskIcon, SettingsIcon, SignOutIcon, SourceIcon, TeamIcon, TrashIcon, WorkspaceIcon } from './icons';

interface Item {
  label: string;
  to: string;
  /** The part of the address that marks this item as the current one. */
  section: string;
  icon: ReactNode;
  comingSoon?: boolean;
}

const ITEMS: Item[] = [
  { label: UI.mySources, to: '/my-source', section: '/my-source', icon: <SourceIcon /> },
  { label: UI.myDesk, to: '/my-desk/my-content', section: '/my-desk', icon: <DeskIcon /> },
  { label: UI.myWorkspace, to: '/my-workspace', section: '/my-workspace', icon: <WorkspaceIcon /> },
  { label: UI.trash, to: '/trash', section: '/trash', icon: <TrashIcon /> },
  {
    label: UI.sharedWorkspace,
    to: '/shared-workspace',
    section: '/shared-workspace',
    icon: <WorkspaceIcon />,
    comingSoon: true,
  },
  { label: UI.teamDesk, to: '/team-desk', section: '/team-desk', icon: <TeamIcon />, comingSoon: true },
  {
    label: UI.teamContent,
    to: '/team-content',
    section: '/team-content',
    icon: <TeamIcon />,
    comingSoon: true,
  },
  { label: UI.settings, to: '/settings', section: '/settings', icon: <SettingsIcon /> },
];

function isCurrent(pathname: string, section: string) {
  const path = pathname.toLowerCase();
  return path === section || path.startsWith(`${section}/`);
}

/**
 * The sidebar (spec section 2). Team and shared features are coming soon: their entries are shown but
 * are not links, and clicking them does nothing.
 */
export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <Stack h="100%" gap={0} justify="space-between">
      <ScrollArea type="never" style={{ flex: 1 }}>
        <Stack gap={2} p="sm" component="ul" style={{ listStyle: 'none', margin: 0 }}>
          {ITEMS.map((item) => (
            <li key={item.label}>
              {item.comingSoon ? (
                <NavLink
                  component="button"
                  type="button"
                  label={item.label}
                  leftSection={item.icon}
                  description={
                    <Badge size="xs" variant="light" color="gray" tt="none" component="span">
                      Coming soon
                    </Badge>
                  }
                  aria-disabled="true"
                  onClick={(event) => event.preventDefault()}
                  c="dimmed"
                  style={{ cursor: 'not-allowed', borderRadius: 'var(--mantine-radius-md)' }}
                />
              ) : (
                <NavLink
                  component={Link}
                  to={item.to}
                  label={item.label}
                  leftSection={item.icon}
                  active={isCurrent(pathname, item.section)}
                  aria-current={isCurrent(pathname, item.section) ? 'page' : undefined}
                  onClick={onNavigate}
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              )}
            </li>
          ))}
        </Stack>
      </ScrollArea>
      <Stack gap={2} p="sm" style={{ borderTop: '1px solid var(--easio-border-subtle)' }}>
        <NavLink
          component={Link}
          to="/signout"
          label="Sign Out"
          leftSection={<SignOutIcon />}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
        <Text size="xs" c="dimmed" px="sm" pt={4}>
          Easio · your personal document desk
        </Text>
      </Stack>
    </Stack>
  );
}
