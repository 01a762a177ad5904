/** What the extension keeps of a page: read in the page itself, when you ask to save it. */
export interface PageInfo {
  url: string;
  title: string;
  description: string;
  favicon: string;
  selection: string;
}

/**
 * Reads the page: its title (Open Graph's when given), description, icon and the selected text. It runs
 * inside the page (injected with scripting.executeScript), so it uses nothing from outside itself.
 */
export function readPageInfo(): PageInfo {
  const meta = (selector: string) =>
    (document.querySelector(selector) as HTMLMetaElement | null)?.content?.trim() ?? '';
  const icon =
    (document.querySelector('link[rel~="icon"], link[rel="apple-touch-icon"]') as HTMLLinkElement | null)
      ?.href ?? '';
  let favicon = icon;
  if (!favicon && /^https?:$/.test(location.protocol)) favicon = `${location.origin}/favicon.ico`;
  return {
    url: location.href,
    title: (meta('meta[property="og:title"]') || document.title || location.href).slice(0, 1000),
    description: (meta('meta[name="description"]') || meta('meta[property="og:description"]')).slice(0, 2000),
    favicon: favicon.slice(0, 4000),
    selection: (window.getSelection()?.toString() ?? '').trim().slice(0, 200_000),
  };
}
