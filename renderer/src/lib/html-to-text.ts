/**
 * The text of an HTML body, for showing as plain text: nothing of the HTML reaches the page's DOM.
 * The HTML is parsed by `htmlparser2` into a tree of plain objects (domhandler's), not into any
 * document of the browser, so nothing of it can load, run, or be checked against the Content
 * Security Policy (a `DOMParser` document is inert too, but Chromium still reports its inline
 * handlers and styles as violations; docs/SECURITY.md). Only its text is read, with line breaks
 * where blocks, list items, table rows and `<br>` end. Links keep their address in brackets when it
 * differs from their text.
 */
import { type ChildNode, isTag, isText } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { safeHref } from './safe-href';

/** True when an element comes before `node` among its siblings. */
function followsAnElement(node: ChildNode): boolean {
  for (let sibling = node.prev; sibling; sibling = sibling.prev) if (isTag(sibling)) return true;
  return false;
}

/** Elements whose content is never text for the reader. */
const skipped = new Set(['SCRIPT', 'STYLE', 'HEAD', 'TITLE', 'TEMPLATE', 'NOSCRIPT', 'IFRAME', 'OBJECT', 'SVG']);

/** Elements that stand on lines of their own. */
const blocks = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'DD',
  'DIV',
  'DL',
  'DT',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'FORM',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'NAV',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'TABLE',
  'TR',
  'UL',
]);

/** Elements set apart by an empty line: paragraphs, headings, lists, tables, quotes. */
const paragraphs = new Set(['P', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'UL', 'OL', 'TABLE', 'BLOCKQUOTE', 'PRE']);

/**
 * The readable text of `html`: whitespace collapsed as a browser would (except in `<pre>`), one line
 * per block, an empty line around paragraphs, headings, lists and tables (at most one in a row), list
 * items marked "• ", table cells separated by tabs.
 */
export function htmlToText(html: string): string {
  const doc = parseDocument(html);
  const out: string[] = [];
  const newline = () => {
    if (out.length > 0 && !out[out.length - 1].endsWith('\n')) out.push('\n');
  };
  const blankLine = () => {
    if (out.length === 0) return;
    const end = out.slice(-2).join('');
    if (!end.endsWith('\n\n')) out.push(end.endsWith('\n') ? '\n' : '\n\n');
  };
  const walk = (node: ChildNode, pre: boolean) => {
    if (isText(node)) {
      const text = node.data;
      if (pre) {
        out.push(text);
        return;
      }
      // Whitespace collapsed across text nodes: none at the start of a line or after a space.
      const collapsed = text.replace(/\s+/g, ' ');
      const last = out.length > 0 ? out[out.length - 1] : '\n';
      out.push(collapsed.startsWith(' ') && /[ \t\n]$/.test(last) ? collapsed.slice(1) : collapsed);
      return;
    }
    // Comments, the doctype and CDATA hold no text for the reader.
    if (!isTag(node)) return;
    const tag = node.name.toUpperCase();
    if (skipped.has(tag)) return;
    if (tag === 'BR') {
      out.push('\n');
      return;
    }
    const block = blocks.has(tag);
    const paragraph = paragraphs.has(tag);
    if (paragraph) blankLine();
    else if (block) newline();
    if (tag === 'LI') out.push('• ');
    if ((tag === 'TD' || tag === 'TH') && followsAnElement(node)) out.push('\t');
    const start = out.length;
    for (const child of node.children) walk(child, pre || tag === 'PRE');
    if (tag === 'A') {
      const href = node.attribs.href;
      const text = out.slice(start).join('').trim();
      if (href && safeHref(href, ['web', 'email']) && href !== text && `mailto:${text}` !== href)
        out.push(` (${href})`);
    }
    if (paragraph) blankLine();
    else if (block) newline();
  };
  for (const child of doc.children) walk(child, false);
  return out
    .join('')
    .replace(/ +\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\s+$/g, '');
}
