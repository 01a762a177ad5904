/** "1 event", "2 events", "1,204 events": a count with its noun, in the user's number format. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}
