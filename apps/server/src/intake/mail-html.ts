import sanitizeHtml from 'sanitize-html';
import { cutText } from './text.js';

/** An HTML body kept at most this long (characters): a newsletter fits, a pathological one is cut. */
export const MAX_HTML_CHARS = 300_000;
/**
 * The longest HTML body a stored e-mail can hold: its markup and the pictures carried in it (at most
 * 300 KB of them, base64 in `data:` URLs, see `inlinePictures`). HTML that was stored before (a
 * restored export) is sanitised again with this cap, so a message stored whole stays whole.
 */
export const MAX_STORED_HTML_CHARS = 800_000;

/** The only pictures kept: raster images carried in the message itself. */
const INLINE_PICTURE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;

const unescapeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * An e-mail's HTML made safe to show: no scripts, forms, frames, event handlers or styles that reach
 * out; links kept (opened in a new tab by the viewer) and pictures only when carried inline (`data:`
 * images, and the `cid:` pictures of the message given in `pictures` by content id), so opening a
 * message never tells its sender it was read (no remote images, no tracking pixels). The length cap
 * (`maxChars`, `MAX_HTML_CHARS` unless given) applies to the markup; the pictures given in `pictures`
 * come on top of it (their size is the caller's to limit).
 */
export function sanitizeMailHtml(
  html: string,
  pictures: ReadonlyMap<string, string> = new Map(),
  maxChars = MAX_HTML_CHARS,
): string {
  const sanitized = sanitizeHtml(cutText(html, maxChars * 2), {
    allowedTags: [
      ...sanitizeHtml.defaults.allowedTags.filter((t) => t !== 'a'),
      'a',
      'img',
      'center',
      'font',
      'span',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height'],
      td: ['colspan', 'rowspan', 'align', 'valign', 'width'],
      th: ['colspan', 'rowspan', 'align', 'valign', 'width'],
      table: ['width', 'align', 'cellpadding', 'cellspacing', 'border'],
      font: ['color'],
      '*': ['dir', 'lang'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['data', 'cid'] },
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
      }),
    },
    exclusiveFilter: (frame) => {
      if (frame.tag !== 'img') return false;
      const src = frame.attribs.src ?? '';
      return !INLINE_PICTURE.test(src) && !/^cid:/i.test(src);
    },
  });
  const safe = cutText(sanitized, maxChars);
  // A `cid:` picture becomes the message's own bytes, or goes when the message does not carry it.
  return safe.replace(/<img\b[^>]*>/gi, (tag) => {
    const cid = /\ssrc="cid:([^"]*)"/i.exec(tag);
    if (!cid) return tag;
    const url = pictures.get(unescapeAttribute(cid[1] as string));
    return url && INLINE_PICTURE.test(url) ? tag.replace(cid[0], ` src="${url}"`) : '';
  });
}

/**
 * An e-mail's HTML that arrives as stored elsewhere (an Easio export's `metadata.html`) made safe the same
 * way, whatever it holds: its `data:` pictures are kept, as they were carried in the message, and `cid:`
 * ones, which it no longer carries, go.
 */
export const storedMailHtml = (html: string): string =>
  sanitizeMailHtml(html, new Map(), MAX_STORED_HTML_CHARS);
