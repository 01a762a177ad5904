import MarkdownIt from 'markdown-it';

/**
 * Markdown as typed in a note: raw HTML stays text (`<b>` shows as typed), a line break is a line
 * break, full addresses (https://…) become links; `javascript:` and other unsafe addresses never become links.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });

/**
 * A picture in a note is never fetched (a remote one would tell its site who reads the note, and the
 * page's policy allows pictures from any https address): it shows as a link to it, named by its text.
 */
markdown.renderer.rules.image = (tokens, index) => {
  const token = tokens[index];
  const src = String(token?.attrGet('src') ?? '');
  const alt = token?.content || src;
  const { escapeHtml } = markdown.utils;
  return `<a href="${escapeHtml(src)}">${escapeHtml(`Picture: ${alt}`)}</a>`;
};

/** The HTML of a note's Markdown; still to be sanitised before it is shown (safe-html.ts). */
export function markdownToHtml(text: string): string {
  return markdown.render(text);
}
