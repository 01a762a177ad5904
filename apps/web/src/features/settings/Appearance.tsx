import {
  type MantineColorScheme,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
  useMantineColorScheme,
} from '@mantine/core';
import { useId } from 'react';

const THEMES: { value: MantineColorScheme; label: string }[] = [
  { value: 'auto', label: 'Follow the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

const isTheme = (value: string): value is MantineColorScheme => THEMES.some((t) => t.value === value);

/** The theme of this browser: the system's (light or dark as the OS is set), or always light or dark. */
export function Appearance() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const labelId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={labelId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={labelId}>
          Appearance
        </Title>
        <Text size="sm" id={`${labelId}-theme`}>
          Theme (kept in this browser)
        </Text>
        <SegmentedControl
          aria-labelledby={`${labelId}-theme`}
          data={THEMES}
          value={colorScheme}
          onChange={(value) => {
            if (isTheme(value)) setColorScheme(value);
          }}
          style={{ alignSelf: 'flex-start' }}
        />
      </Stack>
    </Paper>
  );
}
