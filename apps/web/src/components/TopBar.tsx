import type { UserInfo } from '@easio/shared';
import { Anchor, Avatar, Burger, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LogoMark } from './icons';
import { displayName, welcomeText } from './welcome-name';

interface Props {
  user: UserInfo;
  navbarOpened: boolean;
  onToggleNavbar: () => void;
}

/** The top bar: sidebar toggle, welcome text and the profile picture linking to /profile. */
export function TopBar({ user, navbarOpened, onToggleNavbar }: Props) {
  const name = displayName(user);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
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
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Text fw={600} truncate>
          {welcomeText(user)}
        </Text>
        <Avatar
          component={Link}
          to="/profile"
          src={user.picture || null}
          alt={name}
          name={name}
          color="easio"
          radius="xl"
          aria-label="Profile"
        />
      </Group>
    </Group>
  );
}
