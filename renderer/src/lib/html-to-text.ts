/**
 * The text of an HTML body, for showing as plain text: nothing of the HTML reaches the page's DOM.
 * The HTML is parsed with `DOMParser` into an inert document (no browsing context: its scripts do
 * not run and its images and styles are not loaded, https://html.spec.whatwg.org/#dom-domparser-parsefromstring),
 * and only its text nodes are read, with line breaks where blocks, list items, table rows and `<br>`
 * end. Links keep their address in brackets when it differs from their text. The renderer's Content
 * Security Policy (renderer/index.html) stays as it is.
 */
import { safeHref } from './safe-href';

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
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const out: string[] = [];
  const newline = () => {
    if (out.length > 0 && !out[out.length - 1].endsWith('\n')) out.push('\n');
  };
  const blankLine = () => {
    if (out.length === 0) return;
    const end = out.slice(-2).join('');
    if (!end.endsWith('\n\n')) out.push(end.endsWith('\n') ? '\n' : '\n\n');
  };
  const walk = (node: Node, pre: boolean) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent ?? '';
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
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const element = node as Element;
    const tag = element.tagName.toUpperCase();
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
    if ((tag === 'TD' || tag === 'TH') && element.previousElementSibling) out.push('\t');
    for (const child of Array.from(element.childNodes)) walk(child, pre || tag === 'PRE');
    if (tag === 'A') {
      const href = element.getAttribute('href');
      const text = (element.textContent ?? '').trim();
      if (href && safeHref(href, ['web', 'email']) && href !== text && `mailto:${text}` !== href)
        out.push(` (${href})`);
    }
    if (paragraph) blankLine();
    else if (block) newline();
  };
  walk(doc.body, false);
  return out
    .join('')
    .replace(/ +\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\s+$/g, '');
}
