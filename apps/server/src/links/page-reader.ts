import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { parse, serialize } from 'parse5';
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
  /** The readable text (the article when there is one, else the body), for search. */
  text: string | null;
}

/** Text kept for search: the search index reads the first 100,000 characters of an item. */
export const MAX_PAGE_TEXT_CHARS = 100_000;
const MAX_TITLE_CHARS = 300;
const MAX_DESCRIPTION_CHARS = 1000;
/** Readability gives up on pages larger than this many elements (and we with it, keeping the body text). */
const MAX_ELEMENTS = 20_000;
/**
 * HTML read at most, once scripts and styles are out: an article fits many times over, and a page's DOM
 * costs about a hundred times its size in memory (3 MB of HTML took 7 s and 280 MB whole).
 */
export const MAX_HTML_CHARS = 1_000_000;
/** What no reader sees: dropped before parsing (a page's scripts and styles are often most of its bytes). */
const UNSEEN = /<!--[\s\S]*?-->|<(script|style|noscript|template|svg|iframe)\b[\s\S]*?<\/\1\s*>/gi;

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

type Doc = ReturnType<typeof parseHTML>['document'];

const meta = (document: Doc, ...keys: string[]): string | null => {
  for (const key of keys) {
    const found =
      document.querySelector(`meta[property="${key}"]`) ?? document.querySelector(`meta[name="${key}"]`);
    const content = found?.getAttribute('content');
    if (content?.trim()) return content;
  }
  return null;
};

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
function iconRank(sizes: string | null, rel: string): number {
  if (/\bany\b/i.test(sizes ?? '')) return 190;
  const px = Math.max(0, ...[...(sizes ?? '').matchAll(/(\d+)x\d+/gi)].map((m) => Number(m[1])));
  if (px > 0) return px <= 192 ? px : 192 - (px - 192) / 100;
  return rel.includes('apple-touch-icon') ? 180 : 16;
}

function iconsOf(document: Doc, base: string): string[] {
  const candidates = [...document.querySelectorAll('link[rel][href]')].flatMap((link) => {
    const rel = (link.getAttribute('rel') ?? '').toLowerCase();
    if (!/(^|\s)(icon|apple-touch-icon|apple-touch-icon-precomposed)(\s|$)/.test(rel)) return [];
    const url = absolute(link.getAttribute('href'), base);
    return url ? [{ url, rank: iconRank(link.getAttribute('sizes'), rel) }] : [];
  });
  const urls = candidates.sort((a, b) => b.rank - a.rank).map((c) => c.url);
  const fallback = absolute('/favicon.ico', base);
  return [...new Set([...urls, ...(fallback ? [fallback] : [])])];
}

/** Pages whose article Readability finds shorter than this are read whole (a product page, a form). */
const MIN_ARTICLE_CHARS = 200;

async function readableText(document: Doc) {
  for (const node of document.querySelectorAll('script, style, noscript, template, svg')) node.remove();
  const whole = document.body?.innerHTML ?? '';
  let article: ReturnType<Readability['parse']> = null;
  try {
    // Readability rearranges the document it reads: it runs last.
    article = new Readability(document, { maxElemsToParse: MAX_ELEMENTS }).parse();
  } catch {
    // Too large or too odd for it: the whole body is read instead.
  }
  const articleText = article?.content ? tidyText(await htmlToPlainText(article.content)) : null;
  const text =
    articleText && articleText.length >= MIN_ARTICLE_CHARS
      ? articleText
      : tidyText(await htmlToPlainText(whole));
  return { text, excerpt: article?.excerpt ?? null, siteName: article?.siteName ?? null };
}

/** What an HTML page says of itself; `pageUrl` (after redirects) resolves its relative addresses. */
export async function readPage(html: string, pageUrl: string): Promise<PageFacts> {
  // parse5 builds the tree as browsers do (the <html>, <head> and <body> a page leaves out, misnested tags
  // mended); linkedom then gives Readability the DOM it reads, at a fraction of a full browser DOM's memory.
  const { document } = parseHTML(serialize(parse(html.replace(UNSEEN, '').slice(0, MAX_HTML_CHARS))));
  const base = absolute(document.querySelector('base[href]')?.getAttribute('href'), pageUrl) ?? pageUrl;
  const title = oneLine(
    meta(document, 'og:title', 'twitter:title') ??
      document.querySelector('title')?.textContent ??
      document.querySelector('h1')?.textContent,
    MAX_TITLE_CHARS,
  );
  const described = meta(document, 'og:description', 'description', 'twitter:description');
  const siteName = meta(document, 'og:site_name', 'application-name');
  const imageUrl = absolute(
    meta(document, 'og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src'),
    base,
  );
  const iconUrls = iconsOf(document, base);
  const readable = await readableText(document);
  return {
    title,
    description: oneLine(described ?? readable.excerpt, MAX_DESCRIPTION_CHARS),
    siteName: oneLine(siteName ?? readable.siteName, MAX_TITLE_CHARS),
    iconUrls,
    imageUrl,
    text: readable.text,
  };
}
