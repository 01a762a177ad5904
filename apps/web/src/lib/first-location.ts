/**
 * The first place the app showed in this page's life (a visit, or a reload). Screens that take the
 * focus after an in-app move leave it where the browser puts it on arrival.
 */
let firstKey: string | null = null;

export function noteLocation(key: string): void {
  if (firstKey === null) firstKey = key;
}

export function isFirstLocation(key: string): boolean {
  return firstKey === null || key === firstKey;
}
