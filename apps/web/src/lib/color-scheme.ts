import { localStorageColorSchemeManager } from '@mantine/core';

/**
 * Where this browser keeps the chosen theme ('auto' follows the system). public/color-scheme.js reads
 * the same key before the first paint, so a dark page never flashes white on load.
 */
export const COLOR_SCHEME_KEY = 'easio.colorScheme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });
