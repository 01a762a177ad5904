import type { DeskObject } from '@easio/shared';

const monthYear = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });

/**
 * The gallery's month heading for a photo. It reads the date the listing is ordered by (the date
 * taken where the photo's own source gave none earlier), so each month heads one run of photos.
 */
export function photoMonth(object: Pick<DeskObject, 'item_date'>): string {
  const date = new Date(object.item_date);
  return Number.isNaN(date.getTime()) ? 'Undated' : monthYear.format(date);
}
