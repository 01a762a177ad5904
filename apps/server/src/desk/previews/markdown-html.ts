/**
 * Markdown as HTML by markdown-it (CommonMark, tables and strikethrough), with HTML written in the text
 * left as text: nothing the writer typed becomes markup beyond what Markdown itself says.
 */
export async function markdownToHtml(text: string): Promise<string> {
  const { default: MarkdownIt } = await import('markdown-it');
  return new MarkdownIt({ html: false, linkify: true, typographer: false }).render(text);
}
