import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
