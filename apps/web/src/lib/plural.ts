/** The noun that goes with a count: `one` for exactly 1, `many` (by default `one` + "s") otherwise. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return n === 1 ? one : many;
}

/** "1 event", "2 events", "1,204 events": a count with its noun, in the user's number format. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString()} ${plural(n, one, many)}`;
}
