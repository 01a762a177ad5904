/**
 * The code of the signed-in app's first screen (the layout and the desk), loaded by the router and
 * fetched ahead by `preloadDesk` while a person signs in, so that the desk shows as soon as its data
 * does instead of after a second round of downloads.
 */
export const loadAppLayout = () => import('./AppLayout');
export const loadDeskPages = () => import('../features/desk/DeskPages');

let started = false;

/**
 * Fetches the desk's code once: when the browser is idle, or `now` (a signed-in visit to the app,
 * where the desk's code would otherwise be asked for only after the layout's had arrived). A failure
 * is left to the router to retry.
 */
export function preloadDesk(now = false): void {
  if (started) return;
  started = true;
  const load = () => {
    Promise.all([loadAppLayout(), loadDeskPages()]).catch(() => {
      started = false;
    });
  };
  if (now) load();
  else if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 1500 });
  else setTimeout(load, 200);
}
