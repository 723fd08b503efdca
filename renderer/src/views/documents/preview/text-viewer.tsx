/**
 * Text, Markdown, CSV, JSON, XML and HTML shown as plain text in a monospaced scroller: a text node,
 * never parsed or rendered as markup, so no script runs and nothing loads. A cut text says how much
 * is shown.
 */
import { useMemo } from 'react';
import { formatBytes } from '../../../lib/format';
import { textFromBase64 } from './preview-bytes';

/** Props of `TextViewer`. */
export interface TextViewerProps {
  base64: string;
  name: string;
  /** Bytes shown, and the whole document's size, bytes. */
  shownBytes: number;
  size: number;
}

/** Renders the text viewer. */
export function TextViewer({ base64, name, shownBytes, size }: TextViewerProps) {
  const text = useMemo(() => textFromBase64(base64), [base64]);
  return (
    <div className="preview-viewer">
      {shownBytes < size ? (
        <p className="note">
          Shown: the first {formatBytes(shownBytes)} of {formatBytes(size)}. Download the document to see all of it.
        </p>
      ) : null}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scroller takes the focus so the keyboard can scroll the text. */}
      <section className="preview-stage" tabIndex={0} aria-label={`Text of ${name}`}>
        <pre className="preview-text">{text}</pre>
      </section>
    </div>
  );
}
