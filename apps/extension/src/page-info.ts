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

/**
 * The selected text with its line breaks (the context menu's `selectionText` loses them in Chromium).
 * Runs inside the page, like readPageInfo.
 */
export function readSelection(): string {
  return (window.getSelection()?.toString() ?? '').trim().slice(0, 200_000);
}

/**
 * The text of the link to `url` on the page (Chromium's context menu does not give it): its words, else
 * its title or its image's alt text; '' when no link there has any. Runs inside the page.
 */
export function findLinkText(url: string): string {
  for (const link of Array.from(document.querySelectorAll('a[href], area[href]'))) {
    if ((link as HTMLAnchorElement).href !== url) continue;
    const text = (
      (link as HTMLElement).innerText ||
      link.textContent ||
      link.getAttribute('title') ||
      link.getAttribute('aria-label') ||
      link.querySelector('img[alt]')?.getAttribute('alt') ||
      ''
    )
      .replace(/\s+/g, ' ')
      .trim();
    if (text) return text.slice(0, 1000);
  }
  return '';
}
