import type { PublicConfig } from '@easio/shared';
import { Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

/**
 * The browser extension of a server whose extension is in no store: its build to download, and how
 * to load it in the browser, instead of pointing the person at a README they do not have.
 */
export function ExtensionPackage({ packages }: { packages: PublicConfig['extension']['packages'] }) {
  if (!packages.chrome && !packages.firefox) {
    return (
      <Text size="xs" c="dimmed">
        The extension is not built on this server yet; ask the person who runs it.
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      <Group gap="xs">
        {packages.chrome && (
          <Button component="a" href="/api/extension-package/chrome" download size="xs" variant="light">
            Download for Chrome or Edge
          </Button>
        )}
        {packages.firefox && (
          <Button component="a" href="/api/extension-package/firefox" download size="xs" variant="light">
            Download for Firefox
          </Button>
        )}
      </Group>
      <List size="xs" c="dimmed" spacing={2} type="ordered">
        <List.Item>Unzip the download.</List.Item>
        {packages.chrome && (
          <List.Item>
            Chrome or Edge: open <code>chrome://extensions</code>, turn on Developer mode, choose{' '}
            <em>Load unpacked</em> and pick the <code>easio-chrome</code> folder.
          </List.Item>
        )}
        {packages.firefox && (
          <List.Item>
            Firefox: open <code>about:debugging#/runtime/this-firefox</code>, choose{' '}
            <em>Load Temporary Add-on</em> and pick <code>manifest.json</code> in the{' '}
            <code>easio-firefox</code> folder (Firefox keeps it until it restarts).
          </List.Item>
        )}
        <List.Item>
          Sign it in with a token from{' '}
          <Anchor component={Link} to="/settings/sources" size="xs" underline="always">
            Settings › Sources
          </Anchor>
          .
        </List.Item>
      </List>
    </Stack>
  );
}
