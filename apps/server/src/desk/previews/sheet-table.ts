import { PREVIEW_MAX_COLUMNS, PREVIEW_MAX_ROWS, PREVIEW_MAX_SHEETS, type PreviewSheet } from '@easio/shared';

export interface SheetPreview {
  sheets: PreviewSheet[];
  total_sheets: number;
}

/**
 * A spreadsheet's first sheets as text cells, as the spreadsheet shows them (numbers and dates in
 * their formats), read by SheetJS: XLSX, XLS, ODS, and CSV or TSV given as `text` (their cells kept as
 * written: no number parsing, so "007" stays "007"). Only the rows shown are read; each sheet says how
 * many rows and columns it has in all.
 */
export async function sheetTable(input: { bytes: Buffer } | { text: string }): Promise<SheetPreview> {
  const XLSX = await import('@e965/xlsx');
  const options = {
    dense: true,
    sheetRows: PREVIEW_MAX_ROWS + 1,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
  };
  const book =
    'text' in input
      ? XLSX.read(input.text, { ...options, type: 'string', raw: true })
      : XLSX.read(input.bytes, { ...options, type: 'buffer', cellDates: true });
  const names = book.SheetNames;
  const sheets = names.slice(0, PREVIEW_MAX_SHEETS).map((name): PreviewSheet => {
    const sheet = book.Sheets[name];
    if (!sheet) return { name, rows: [], total_rows: 0, total_columns: 0 };
    // `!fullref` is the sheet's whole range when only its first rows were read.
    const whole = XLSX.utils.decode_range(String(sheet['!fullref'] ?? sheet['!ref'] ?? 'A1:A1'));
    const rows = XLSX.utils
      .sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: true })
      .slice(0, PREVIEW_MAX_ROWS)
      .map((row) => row.slice(0, PREVIEW_MAX_COLUMNS).map((cell) => (cell == null ? '' : String(cell))));
    const empty = sheet['!ref'] === undefined;
    return {
      name,
      rows: empty ? [] : trimTrailingEmptyRows(rows),
      total_rows: empty ? 0 : whole.e.r - whole.s.r + 1,
      total_columns: empty ? 0 : whole.e.c - whole.s.c + 1,
    };
  });
  return { sheets, total_sheets: names.length };
}

function trimTrailingEmptyRows(rows: string[][]): string[][] {
  let end = rows.length;
  while (end > 0 && (rows[end - 1] ?? []).every((cell) => cell === '')) end -= 1;
  return rows.slice(0, end);
}
