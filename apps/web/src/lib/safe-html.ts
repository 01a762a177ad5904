import DOMPurify from 'dompurify';

const purifier = DOMPurify(window);

/** What Markdown makes; anything else (scripts, frames, forms, styles, pictures, handlers) is dropped. */
const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  's',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

// Links leave the app in a new tab, telling the site nothing of where they came from.
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
});

/**
 * HTML made safe to put in the page, as a fragment (never a string set as `innerHTML`): only the tags
 * above, links to http(s) and mail addresses only, no attribute but an address, a title and a list's start.
 */
export function safeFragment(html: string): DocumentFragment {
  return purifier.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href', 'title', 'start'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
    RETURN_DOM_FRAGMENT: true,
  });
}
