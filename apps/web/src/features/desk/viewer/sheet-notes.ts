import type { PreviewSheet } from '@easio/shared';

const count = (n: number) => n.toLocaleString('en');

/** What of a sheet is left out, said once under it (null when it is shown whole). */
export function sheetCutNote(sheet: PreviewSheet): string | null {
  const shownRows = sheet.rows.length;
  const shownColumns = Math.max(0, ...sheet.rows.map((r) => r.length));
  const rowsCut = shownRows > 0 && sheet.total_rows > shownRows;
  const columnsCut = shownColumns > 0 && sheet.total_columns > shownColumns;
  if (!rowsCut && !columnsCut) return null;
  const parts = [
    rowsCut && `the first ${count(shownRows)} of ${count(sheet.total_rows)} rows`,
    columnsCut && `the first ${count(shownColumns)} of ${count(sheet.total_columns)} columns`,
  ].filter(Boolean);
  return `Showing ${parts.join(' and ')}. Download the file to see all of it.`;
}

/** Said under the tabs when the workbook has more sheets than are shown. */
export function moreSheetsNote(shown: number, total: number): string | null {
  return total > shown
    ? `Showing the first ${count(shown)} of ${count(total)} sheets. Download the file to see them all.`
    : null;
}
