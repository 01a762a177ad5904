import sanitizeHtml from 'sanitize-html';

/** A document's HTML kept at most this long (characters, pictures included). */
export const MAX_DOCUMENT_HTML_CHARS = 5_000_000;

/** The only pictures kept: raster images carried in the document itself. */
const INLINE_PICTURE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;

/**
 * A rendered document (Word, OpenDocument, Markdown) made safe to show: structure, tables, lists and
 * emphasis kept; no scripts, styles, forms, frames or event handlers; links kept (opened in a new tab)
 * and pictures only when the document carries them (`data:`), so showing it never loads anything from
 * elsewhere (the app's content policy would refuse it anyway).
 */
export function sanitizeDocumentHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'del', 'ins', 'sup', 'sub'],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height'],
      td: ['colspan', 'rowspan', 'align'],
      th: ['colspan', 'rowspan', 'align'],
      ol: ['start'],
      code: ['class'],
      '*': ['dir', 'lang'],
    },
    allowedClasses: { code: [/^language-[\w-]+$/] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['data'] },
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
      }),
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !INLINE_PICTURE.test(frame.attribs.src ?? ''),
  });
}
