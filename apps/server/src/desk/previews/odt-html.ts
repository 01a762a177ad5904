import { Parser } from 'htmlparser2';
import { MAX_PICTURE_BYTES, pictureBudget } from './picture-budget.js';
import { readZipEntries } from './zip-entries.js';

const MAX_CONTENT_BYTES = 20 * 1024 * 1024;

const PICTURE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface TextStyle {
  bold: boolean;
  italic: boolean;
  underline: boolean;
}

/** Subtrees a reader of the page does not see: notes, comments, tracked deletions, declarations. */
const SKIPPED = new Set([
  'text:note',
  'office:annotation',
  'text:tracked-changes',
  'text:sequence-decls',
  'table:covered-table-cell',
  'office:forms',
]);

/**
 * An OpenDocument text (.odt) as HTML, from its `content.xml`: headings by outline level, paragraphs,
 * lists, tables (spanned cells kept), links, line breaks and spaces, bold, italic and underline from the
 * automatic styles, and its pictures as `data:` addresses when small. Layout and fonts are left out.
 */
export async function odtToHtml(bytes: Buffer): Promise<string> {
  const entries = await readZipEntries(bytes, (name) =>
    name === 'content.xml' ? MAX_CONTENT_BYTES : name.startsWith('Pictures/') ? MAX_PICTURE_BYTES : 0,
  );
  const content = entries.get('content.xml');
  if (!content) throw new Error('An OpenDocument text holds content.xml');

  const styles = new Map<string, TextStyle>();
  let styleName: string | null = null;
  let inBody = false;
  let skipDepth = 0;
  const closers: string[] = [];
  let html = '';

  const pictures = pictureBudget();
  const picture = (href: string | undefined) => {
    const bytes = href ? entries.get(href) : undefined;
    const type = PICTURE_TYPES[(href ?? '').split('.').pop()?.toLowerCase() ?? ''];
    if (!bytes || !type || !pictures.takes(bytes.length)) return '';
    return `<img src="data:${type};base64,${bytes.toString('base64')}" alt="">`;
  };

  const open = (name: string, a: Record<string, string>): [string, string] => {
    switch (name) {
      case 'text:h': {
        const level = Math.min(6, Math.max(1, Number(a['text:outline-level']) || 1));
        return [`<h${level}>`, `</h${level}>`];
      }
      case 'text:p':
        return ['<p>', '</p>'];
      case 'text:span': {
        const style = styles.get(a['text:style-name'] ?? '');
        const tags = [style?.bold && 'strong', style?.italic && 'em', style?.underline && 'u'].filter(
          (t): t is string => Boolean(t),
        );
        return [
          tags.map((t) => `<${t}>`).join(''),
          tags
            .reverse()
            .map((t) => `</${t}>`)
            .join(''),
        ];
      }
      case 'text:a':
        return [`<a href="${escapeHtml(a['xlink:href'] ?? '')}">`, '</a>'];
      case 'text:list':
        return ['<ul>', '</ul>'];
      case 'text:list-item':
      case 'text:list-header':
        return ['<li>', '</li>'];
      case 'table:table':
        return ['<table>', '</table>'];
      case 'table:table-row':
        return ['<tr>', '</tr>'];
      case 'table:table-cell': {
        const span = Number(a['table:number-columns-spanned']) || 1;
        return [span > 1 ? `<td colspan="${span}">` : '<td>', '</td>'];
      }
      case 'text:line-break':
        return ['<br>', ''];
      case 'text:tab':
        return ['\t', ''];
      case 'text:s':
        return [' '.repeat(Math.min(100, Number(a['text:c']) || 1)), ''];
      case 'draw:image':
        return [picture(a['xlink:href']), ''];
      default:
        return ['', ''];
    }
  };

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (skipDepth > 0 || (inBody && SKIPPED.has(name))) {
          skipDepth += 1;
          return;
        }
        if (name === 'office:text') inBody = true;
        if (name === 'style:style') styleName = attribs['style:name'] ?? null;
        if (name === 'style:text-properties' && styleName) {
          styles.set(styleName, {
            bold: attribs['fo:font-weight'] === 'bold' || Number(attribs['fo:font-weight']) >= 600,
            italic: attribs['fo:font-style'] === 'italic',
            underline:
              Boolean(attribs['style:text-underline-style']) &&
              attribs['style:text-underline-style'] !== 'none',
          });
        }
        if (!inBody) return;
        const [start, end] = open(name, attribs);
        html += start;
        closers.push(end);
      },
      ontext(text) {
        if (inBody && skipDepth === 0) html += escapeHtml(text);
      },
      onclosetag(name) {
        if (skipDepth > 0) {
          skipDepth -= 1;
          return;
        }
        if (name === 'style:style') styleName = null;
        if (name === 'office:text') inBody = false;
        if (inBody || name === 'office:text') html += closers.pop() ?? '';
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(content.toString('utf8'));
  return html;
}
