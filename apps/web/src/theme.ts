import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

const easio: MantineColorsTuple = [
  '#eef1ff',
  '#dce0fb',
  '#b6bdf2',
  '#8d98ea',
  '#6a78e3',
  '#5564df',
  '#4959de',
  '#3a4ac5',
  '#3141b1',
  '#25379d',
];

export const theme = createTheme({
  primaryColor: 'easio',
  primaryShade: { light: 6, dark: 4 },
  colors: { easio },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
});

/**
 * Light badges and buttons write in a darker shade than Mantine's, so small text on their tinted
 * ground keeps a 4.5:1 contrast (WCAG AA).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-gray-light-color': 'var(--mantine-color-gray-8)',
    '--mantine-color-teal-light-color': 'var(--mantine-color-teal-9)',
    '--mantine-color-green-light-color': 'var(--mantine-color-green-9)',
    '--mantine-color-yellow-light-color': 'var(--mantine-color-yellow-9)',
    '--mantine-color-orange-light-color': 'var(--mantine-color-orange-9)',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
