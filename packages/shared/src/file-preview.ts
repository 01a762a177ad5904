import { z } from 'zod';

/** A spreadsheet preview shows at most this many sheets, rows of each and columns of each row. */
export const PREVIEW_MAX_SHEETS = 5;
export const PREVIEW_MAX_ROWS = 500;
export const PREVIEW_MAX_COLUMNS = 50;
/** A text or code preview shows at most this many characters. */
export const PREVIEW_MAX_TEXT_CHARS = 200_000;

const sheetSchema = z.object({
  name: z.string(),
  /** Cells as text, as the spreadsheet shows them; the first row is usually the header. */
  rows: z.array(z.array(z.string())),
  /** How many rows and columns the sheet has in all (more than `rows` holds when cut). */
  total_rows: z.number().int(),
  total_columns: z.number().int(),
});
export type PreviewSheet = z.infer<typeof sheetSchema>;

/**
 * `GET /api/desk/objects/{id}/preview`: a document as sanitised HTML (no scripts, styles from outside
 * or remote pictures; pictures only as `data:`), a spreadsheet's first sheets as a table, text or code
 * as text; or why there is none, in words fit for the user.
 */
export const filePreviewSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('html'),
    html: z.string(),
    /** Only the document's beginning is shown (it was longer than a preview holds). */
    truncated: z.boolean(),
  }),
  z.object({
    kind: z.literal('table'),
    sheets: z.array(sheetSchema),
    /** How many sheets the workbook has (more than `sheets` holds when cut). */
    total_sheets: z.number().int(),
  }),
  z.object({
    kind: z.literal('text'),
    text: z.string(),
    /** Shown as code: monospace, lines kept as they are. */
    code: z.boolean(),
    truncated: z.boolean(),
  }),
  z.object({
    kind: z.literal('unavailable'),
    reason: z.enum(['unsupported', 'too_large', 'unreadable', 'missing']),
    message: z.string(),
  }),
]);
export type FilePreview = z.infer<typeof filePreviewSchema>;
