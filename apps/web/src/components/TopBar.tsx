import type { UserInfo } from '@easio/shared';
import { Anchor, Avatar, Burger, Group, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LogoMark } from './icons';
import { displayName, initials, welcomeText } from './welcome-name';

interface Props {
  /** Not yet known while the user's info loads. */
  user: UserInfo | undefined;
  navbarOpened: boolean;
  onToggleNavbar: () => void;
  /** The search box with its filters, given by the route layout (the search feature owns it). */
  search: ReactNode;
}

/** The top bar: sidebar toggle, the search box with its filters, welcome text and the profile picture linking to /profile. */
export function TopBar({ user, navbarOpened, onToggleNavbar, search }: Props) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navbarOpened}
          onClick={onToggleNavbar}
          size="sm"
          aria-label="Toggle sidebar"
          aria-expanded={navbarOpened}
          aria-controls="app-sidebar"
        />
        <Anchor
          component={Link}
          to="/my-desk/my-content"
          underline="never"
          c="inherit"
          aria-label="Easio desk"
        >
          <Group gap={8} wrap="nowrap">
            <LogoMark size={26} />
            <Text fw={800} size="lg" visibleFrom="xs">
              Easio
            </Text>
          </Group>
        </Anchor>
      </Group>
      {search}
      {user ? <Welcome user={user} /> : <Skeleton circle height={38} aria-hidden />}
    </Group>
  );
}

function Welcome({ user }: { user: UserInfo }) {
  const name = displayName(user);
  const letters = initials(name);
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Text fw={600} truncate visibleFrom="sm">
        {welcomeText(user)}
      </Text>
      <Avatar
        component={Link}
        to="/profile"
        src={user.picture || null}
        alt={name}
        color="easio"
        radius="xl"
        // The name starts with the initials shown, so a voice-control user can say what they see (WCAG 2.5.3).
        aria-label={letters ? `${letters}, Profile` : 'Profile'}
      >
        {letters}
      </Avatar>
    </Group>
  );
}
