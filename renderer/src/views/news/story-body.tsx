/**
 * A story's body (Markdown, CommonMark: api/openapi.yaml, Story) shown as text in its blocks:
 * paragraphs, headings (`#` lines) and list items (`-`, `*`, `+` or `1.` lines). Every piece is a
 * React text node, so nothing in a story (HTML, scripts, links) is ever run or fetched; inline
 * Markdown marks stay as typed. The renderer's Content Security Policy (renderer/index.html) is
 * untouched.
 */
import type { ReactNode } from 'react';

/** One block of a body. */
type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'paragraph'; text: string };

const headingLine = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const listLine = /^\s{0,3}(?:[-*+]|\d{1,9}[.)])\s+(.*)$/;

/** Splits a Markdown body into its blocks (blank lines end a paragraph or a list). */
export function bodyBlocks(body: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join('\n') });
    if (list.length) blocks.push({ kind: 'list', items: list });
    paragraph = [];
    list = [];
  };
  for (const line of body.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = headingLine.exec(line);
    const item = listLine.exec(line);
    if (line.trim() === '') flush();
    else if (heading) {
      flush();
      blocks.push({ kind: 'heading', text: heading[1] });
    } else if (item) {
      if (paragraph.length) flush();
      list.push(item[1]);
    } else if (list.length) list[list.length - 1] += ` ${line.trim()}`;
    else paragraph.push(line);
  }
  flush();
  return blocks;
}

/** Renders a story's body as text in its blocks. */
export function StoryBody({ body }: { body: string }) {
  const blocks = bodyBlocks(body);
  if (blocks.length === 0) return <p className="muted">This story has no text.</p>;
  return (
    <div className="story-body">
      {blocks.map((block, index): ReactNode => {
        const key = `${index}-${block.kind}`;
        if (block.kind === 'heading') return <h3 key={key}>{block.text}</h3>;
        if (block.kind === 'list')
          return (
            <ul key={key}>
              {block.items.map((item, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the items are fixed text, never reordered.
                <li key={`${i}-${item}`}>{item}</li>
              ))}
            </ul>
          );
        return <p key={key}>{block.text}</p>;
      })}
    </div>
  );
}
