import { Grid, NavLink, Paper } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';
import { PageHeader } from '../../components/Page';

const MENU = [
  { label: 'My Account', to: '/settings' },
  { label: 'Sources', to: '/settings/sources' },
  { label: 'Permissions', to: '/settings/permissions' },
  { label: 'Team', to: '/settings/team' },
];

/** /settings: the left menu of spec section 2 beside the chosen page. */
export function SettingsLayout() {
  const pathname = useLocation().pathname.replace(/\/+$/, '').toLowerCase();
  return (
    <>
      <PageHeader title="Settings" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder radius="lg" p="xs" component="nav" aria-label="Settings">
            {MENU.map((item) => {
              const active = pathname === item.to;
              return (
                <NavLink
                  key={item.to}
                  component={Link}
                  to={item.to}
                  label={item.label}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              );
            })}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <Outlet />
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
