/** The text of an HTML e-mail body (renderer/src/lib/html-to-text.ts): what the reader shows instead of the HTML. */
import { describe, expect, it } from 'vitest';
import { htmlToText } from '../../renderer/src/lib/html-to-text';

describe('htmlToText', () => {
  it('keeps the words and the line structure: paragraphs, breaks, lists, tables, preformatted text', () => {
    expect(
      htmlToText(
        '<h1>Quote</h1><p>Dear  Dana,<br>please   see below.</p><table><tr><th>Item</th><th>Price</th></tr><tr><td>HP-200</td><td>&euro; 1.200</td></tr></table><pre>  a\n  b</pre><ol><li>One</li><li>Two</li></ol>',
      ),
    ).toBe('Quote\n\nDear Dana,\nplease see below.\n\nItem\tPrice\nHP-200\t€ 1.200\n\n  a\n  b\n\n• One\n• Two');
  });

  it('drops scripts, styles and what is not text, and names a link whose text is not its address', () => {
    expect(
      htmlToText(
        '<html><head><title>t</title><style>p{color:red}</style></head><body><script>alert(1)</script><p>Hi <img src="https://t.example/p.gif"> <a href="https://acme.example/o/7">order 7</a>, <a href="mailto:dana@acme.example">dana@acme.example</a>, <a href="javascript:alert(1)">here</a></p></body></html>',
      ),
    ).toBe('Hi order 7 (https://acme.example/o/7), dana@acme.example, here');
  });

  it('reads an e-mail with inline handlers, styles and tracking images as its words, closing tags HTML leaves open', () => {
    expect(
      htmlToText(
        '<!doctype html><!-- sent by Mailer --><div style="color:red" onclick="steal()">Hello<img src="x" onerror="alert(1)"></div><p>One &amp; two<p>Three<ul><li>a<li>b</ul><table><tr><td>x<td>y</table><svg onload="alert(2)"><text>no</text></svg>',
      ),
    ).toBe('Hello\n\nOne & two\n\nThree\n\n• a\n• b\n\nx\ty');
  });
});
