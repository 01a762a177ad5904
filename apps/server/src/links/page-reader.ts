import { Parser } from 'htmlparser2';
import { htmlToPlainText } from '../processing/extract-text.js';

/** What a web page says of itself: for a link's name, description, icon, picture and search text. */
export interface PageFacts {
  title: string | null;
  description: string | null;
  siteName: string | null;
  /** Icon addresses to try, best first (the site's /favicon.ico last). */
  iconUrls: string[];
  /** The page's own picture for previews (Open Graph, Twitter card). */
  imageUrl: string | null;
  /** The readable text (the article or main part when the page marks one, else the body), for search. */
  text: string | null;
}

/** Text kept for search: the search index reads the first 100,000 characters of an item. */
export const MAX_PAGE_TEXT_CHARS = 100_000;
/** HTML read at most, once scripts and styles are out: an article fits many times over. */
export const MAX_HTML_CHARS = 1_000_000;
const MAX_TITLE_CHARS = 300;
const MAX_DESCRIPTION_CHARS = 1000;
/** What no reader sees: dropped before reading (a page's scripts and styles are often most of its bytes). */
const UNSEEN = /<!--[\s\S]*?-->|<(script|style|noscript|template|svg|iframe)\b[\s\S]*?<\/\1\s*>/gi;
/** Where a page keeps what it is about, best first; the whole body when it marks none. */
const CONTENT = ['article', 'main', '[role="main"]', 'body'];
/** Parts of a page around its content, left out of its text. */
const AROUND = ['nav', 'header', 'footer', 'aside', 'form', 'button', 'select', '[role="navigation"]'];

const oneLine = (value: string | null | undefined, max: number): string | null => {
  const text = value?.replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, max) : null;
};

/** Paragraphs kept, runs of spaces and blank lines folded, no NUL (PostgreSQL text refuses it). */
const tidyText = (value: string): string | null => {
  const text = value
    .replaceAll('\u0000', '')
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/ *\n\s*/g, '\n')
    .trim();
  if (!text) return null;
  const cut = /[\uD800-\uDBFF]/.test(text.charAt(MAX_PAGE_TEXT_CHARS - 1))
    ? MAX_PAGE_TEXT_CHARS - 1
    : MAX_PAGE_TEXT_CHARS;
  return text.slice(0, cut);
};

/** The charset the answer or the page declares, else UTF-8 (WHATWG labels; unknown ones read as UTF-8). */
export function decodePage(body: Buffer, contentType: string): string {
  const declared =
    /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1] ??
    /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(body.subarray(0, 4096).toString('latin1'))?.[1];
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return new TextDecoder('utf-8').decode(body);
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

const absolute = (href: string | null | undefined, base: string): string | null => {
  if (!href?.trim()) return null;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
};

/** Larger icons first (up to 192 px, what a small preview needs), any-size (SVG) ones before unsized. */
function iconRank(sizes: string | undefined, rel: string): number {
  if (/\bany\b/i.test(sizes ?? '')) return 190;
  const px = Math.max(0, ...[...(sizes ?? '').matchAll(/(\d+)x\d+/gi)].map((m) => Number(m[1])));
  if (px > 0) return px <= 192 ? px : 192 - (px - 192) / 100;
  return rel.includes('apple-touch-icon') ? 180 : 16;
}

interface Tags {
  meta: Map<string, string>;
  title: string;
  heading: string;
  base: string | null;
  icons: { href: string; rank: number }[];
}

/** The page's <title>, first <h1>, <base>, <meta> and icon <link>s, read in one pass without building a tree. */
function readTags(html: string): Tags {
  const tags: Tags = { meta: new Map(), title: '', heading: '', base: null, icons: [] };
  let open: 'title' | 'h1' | null = null;
  let headingDone = false;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'title' && !tags.title) open = 'title';
        else if (name === 'h1' && !headingDone) open = 'h1';
        else if (name === 'base' && attrs.href && tags.base === null) tags.base = attrs.href;
        else if (name === 'meta' && attrs.content) {
          for (const key of [attrs.property, attrs.name]) {
            const k = key?.toLowerCase();
            if (k && !tags.meta.has(k)) tags.meta.set(k, attrs.content);
          }
        } else if (name === 'link' && attrs.href) {
          const rel = (attrs.rel ?? '').toLowerCase();
          if (/(^|\s)(icon|apple-touch-icon|apple-touch-icon-precomposed)(\s|$)/.test(rel)) {
            tags.icons.push({ href: attrs.href, rank: iconRank(attrs.sizes, rel) });
          }
        }
      },
      ontext(text) {
        if (open === 'title') tags.title += text;
        else if (open === 'h1') tags.heading += text;
      },
      onclosetag(name) {
        if (name === open) {
          if (open === 'h1') headingDone = true;
          open = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return tags;
}

/** What an HTML page says of itself; `pageUrl` (after redirects) resolves its relative addresses. */
export async function readPage(html: string, pageUrl: string): Promise<PageFacts> {
  const visible = html.replace(UNSEEN, '').slice(0, MAX_HTML_CHARS);
  const tags = readTags(visible);
  const base = absolute(tags.base, pageUrl) ?? pageUrl;
  const meta = (...keys: string[]) => keys.map((k) => tags.meta.get(k)?.trim()).find(Boolean) ?? null;
  const icons = tags.icons.sort((a, b) => b.rank - a.rank).flatMap((icon) => absolute(icon.href, base) ?? []);
  const fallbackIcon = absolute('/favicon.ico', base);
  const text = tidyText(
    await htmlToPlainText(visible, {
      base: CONTENT,
      skip: AROUND,
    }),
  );
  return {
    title: oneLine(meta('og:title', 'twitter:title') ?? (tags.title || tags.heading), MAX_TITLE_CHARS),
    description: oneLine(meta('og:description', 'description', 'twitter:description'), MAX_DESCRIPTION_CHARS),
    siteName: oneLine(meta('og:site_name', 'application-name'), MAX_TITLE_CHARS),
    iconUrls: [...new Set([...icons, ...(fallbackIcon ? [fallbackIcon] : [])])],
    imageUrl: absolute(
      meta('og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src'),
      base,
    ),
    text,
  };
}
