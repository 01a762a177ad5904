import { useMediaQuery } from '@mantine/hooks';

/** Phones (and narrow windows): the compact desk, tap to open, actions in a bar at the bottom. */
export const PHONE_QUERY = '(max-width: 48em)';

export function useIsPhone(): boolean {
  // Read on the first render, so a phone never draws the wide layout first.
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}
