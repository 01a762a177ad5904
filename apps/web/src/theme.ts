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
  // Filled buttons keep white text at 4.5:1 on the dark scheme too.
  primaryShade: { light: 6, dark: 6 },
  colors: { easio },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
});

/**
 * Light badges and buttons write in a darker shade than Mantine's, so small text on their tinted
 * ground keeps a 4.5:1 contrast (WCAG AA); on the dark scheme's tinted grounds they write in the
 * palest shade. The `--easio-text-*` colours are for text and outlines on the page's own ground:
 * dark shades on the light scheme, light ones on the dark. The `--easio-surface-*`, `--easio-border-*`
 * and `--easio-map-*` colours are the app's own grounds and lines, the same greys as before on the
 * light scheme.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-gray-light-color': 'var(--mantine-color-gray-8)',
    // Teal's darkest shade is 4.3:1 on its tint over the page's grey: one step darker than Mantine has.
    '--mantine-color-teal-light-color': '#096c4e',
    '--mantine-color-green-light-color': 'var(--mantine-color-green-9)',
    '--mantine-color-yellow-light-color': 'var(--mantine-color-yellow-9)',
    '--mantine-color-orange-light-color': 'var(--mantine-color-orange-9)',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
    '--easio-text-error': 'var(--mantine-color-red-8)',
    '--easio-text-success': 'var(--mantine-color-teal-9)',
    '--easio-text-accent': 'var(--mantine-color-easio-8)',
    '--easio-text-muted': 'var(--mantine-color-gray-7)',
    '--easio-text-strong': 'var(--mantine-color-gray-8)',
    '--easio-page': 'var(--mantine-color-gray-0)',
    '--easio-surface-subtle': 'var(--mantine-color-gray-0)',
    '--easio-surface-muted': 'var(--mantine-color-gray-1)',
    '--easio-border': 'var(--mantine-color-gray-3)',
    '--easio-border-subtle': 'var(--mantine-color-gray-2)',
    '--easio-border-faint': 'var(--mantine-color-gray-1)',
    '--easio-map-sea': 'var(--mantine-color-blue-0)',
    '--easio-map-land': 'var(--mantine-color-gray-2)',
    '--easio-map-coast': 'var(--mantine-color-gray-5)',
    '--easio-map-coast-strong': 'var(--mantine-color-gray-6)',
  },
  dark: {
    // Mantine's dark links, secondary text and errors fall short of 4.5:1 on the dark grounds.
    '--mantine-color-anchor': 'var(--mantine-color-easio-3)',
    '--mantine-color-easio-text': 'var(--mantine-color-easio-3)',
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    // Mantine's dark grey tint is darker than the page: a lighter grey, so grey badges and icons show.
    '--mantine-color-gray-light': 'var(--mantine-color-dark-5)',
    '--mantine-color-gray-light-hover': 'var(--mantine-color-dark-4)',
    '--mantine-color-gray-light-color': 'var(--mantine-color-dark-0)',
    '--mantine-color-teal-light-color': 'var(--mantine-color-teal-0)',
    '--mantine-color-green-light-color': 'var(--mantine-color-green-0)',
    '--mantine-color-yellow-light-color': 'var(--mantine-color-yellow-0)',
    '--mantine-color-orange-light-color': 'var(--mantine-color-orange-0)',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-0)',
    '--easio-text-error': 'var(--mantine-color-red-4)',
    '--easio-text-success': 'var(--mantine-color-teal-4)',
    '--easio-text-accent': 'var(--mantine-color-easio-2)',
    '--easio-text-muted': 'var(--mantine-color-dark-1)',
    '--easio-text-strong': 'var(--mantine-color-dark-0)',
    '--easio-page': 'var(--mantine-color-dark-8)',
    '--easio-surface-subtle': 'var(--mantine-color-dark-6)',
    '--easio-surface-muted': 'var(--mantine-color-dark-5)',
    '--easio-border': 'var(--mantine-color-dark-4)',
    '--easio-border-subtle': 'var(--mantine-color-dark-5)',
    '--easio-border-faint': 'var(--mantine-color-dark-6)',
    '--easio-map-sea': '#17222e',
    '--easio-map-land': 'var(--mantine-color-dark-4)',
    '--easio-map-coast': 'var(--mantine-color-dark-2)',
    '--easio-map-coast-strong': 'var(--mantine-color-dark-1)',
  },
});
