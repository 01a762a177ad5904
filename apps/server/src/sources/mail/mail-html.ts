import sanitizeHtml from 'sanitize-html';

/** An HTML body kept at most this long (characters): a newsletter fits, a pathological one is cut. */
export const MAX_HTML_CHARS = 300_000;

/**
 * An e-mail's HTML made safe to show: no scripts, forms, frames, event handlers or styles that reach
 * out; links kept (opened in a new tab by the viewer) and pictures only when carried inline (`data:`),
 * so opening a message never tells its sender it was read (no remote images, no tracking pixels).
 */
export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(html.slice(0, MAX_HTML_CHARS * 2), {
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
    allowedSchemesByTag: { img: ['data'] },
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
      }),
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  }).slice(0, MAX_HTML_CHARS);
}
