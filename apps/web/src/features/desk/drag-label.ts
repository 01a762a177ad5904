/** The spec's cut-off (section 9): names longer than this many characters are cut… */
export const DRAG_LABEL_THRESHOLD = 8;
/** …to this many characters, plus an ellipsis. */
export const DRAG_LABEL_MAX = 25;

/**
 * The label of the drag preview, exactly as the spec words it: the name (or url) cut to 25 characters
 * plus an ellipsis when it is longer than 8 characters. So a 9 to 25 character name keeps all its
 * characters and still gets the ellipsis; 8 characters or fewer are shown as they are.
 */
export function dragLabel(text: string): string {
  return text.length > DRAG_LABEL_THRESHOLD ? `${text.slice(0, DRAG_LABEL_MAX)}…` : text;
}
