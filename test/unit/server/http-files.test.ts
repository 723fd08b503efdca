/** Pure pieces of the service: ranges, file names, content types, cursors, search terms. */
import { describe, expect, it } from 'vitest';
import { pageJson, prefixMatch } from '../../../server/db/paging';
import { contentTypeOf } from '../../../server/files/content-type';
import { attachmentDisposition, sanitizeFileName } from '../../../server/files/disposition';
import { resolveRange } from '../../../server/files/range';
import { decodeCursor, encodeCursor } from '../../../server/http/cursor';
import { ProblemError } from '../../../server/http/problem';

describe('resolveRange (RFC 9110 §14)', () => {
  const etag = '"abc"';
  it('answers the whole file without Range or with a non-matching If-Range', () => {
    expect(resolveRange(undefined, undefined, etag, 100)).toBeNull();
    expect(resolveRange('bytes=10-', '"other"', etag, 100)).toBeNull();
  });
  it('resolves open and closed ranges, clamping the end', () => {
    expect(resolveRange('bytes=10-', undefined, etag, 100)).toEqual({ start: 10, end: 99 });
    expect(resolveRange('bytes=0-9', etag, etag, 100)).toEqual({ start: 0, end: 9 });
    expect(resolveRange('bytes=90-1000', undefined, etag, 100)).toEqual({ start: 90, end: 99 });
  });
  it('resolves a suffix range to the last bytes, the whole file when longer (§14.1.2)', () => {
    expect(resolveRange('bytes=-5', undefined, etag, 100)).toEqual({ start: 95, end: 99 });
    expect(resolveRange('bytes=-500', undefined, etag, 100)).toEqual({ start: 0, end: 99 });
    expect(resolveRange('Bytes=-1', undefined, etag, 100)).toEqual({ start: 99, end: 99 });
  });
  it('reports ranges that select no byte of the file', () => {
    expect(resolveRange('bytes=100-', undefined, etag, 100)).toBe('unsatisfiable');
    expect(resolveRange('bytes=-0', undefined, etag, 100)).toBe('unsatisfiable');
    expect(resolveRange('bytes=0-', undefined, etag, 0)).toBe('unsatisfiable');
    expect(resolveRange(`bytes=${'9'.repeat(400)}-`, undefined, etag, 100)).toBe('unsatisfiable');
  });
  it('ignores a Range of another unit, several ranges or one that does not parse (§14.2)', () => {
    for (const range of ['items=0-5', 'bytes=50-40', 'bytes=0-1,5-9', 'bytes=-', 'bytes=a-b', 'bytes 0-5', 'bytes=0x1-'])
      expect(resolveRange(range, undefined, etag, 100), range).toBeNull();
  });
});

describe('file names', () => {
  it('builds an RFC 6266/8187 attachment disposition', () => {
    expect(attachmentDisposition('Preisliste 2026 – März.pdf')).toBe(
      `attachment; filename="Preisliste 2026 _ M_rz.pdf"; filename*=UTF-8''Preisliste%202026%20%E2%80%93%20M%C3%A4rz.pdf`,
    );
    expect(attachmentDisposition("it's (1).txt")).toBe(
      `attachment; filename="it's (1).txt"; filename*=UTF-8''it%27s%20%281%29.txt`,
    );
  });
  it('sanitizes uploaded names', () => {
    expect(sanitizeFileName('C:\\Users\\dana\\offer.pdf')).toBe('offer.pdf');
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('a%22b%22.txt')).toBe('a"b".txt');
    expect(sanitizeFileName(' tab\there.txt ')).toBe('tabhere.txt');
    expect(sanitizeFileName('..')).toBe('');
    const long = `${'x'.repeat(300)}.pdf`;
    expect(sanitizeFileName(long)).toHaveLength(255);
    expect(sanitizeFileName(long).endsWith('.pdf')).toBe(true);
  });
  it('derives content types from extensions', () => {
    expect(contentTypeOf('Offer.PDF')).toBe('application/pdf');
    expect(contentTypeOf('photo.jpeg')).toBe('image/jpeg');
    expect(contentTypeOf('README')).toBe('application/octet-stream');
    expect(contentTypeOf('.csv')).toBe('application/octet-stream');
  });
});

describe('cursors and search terms', () => {
  const isPair = (v: unknown): v is { a: number } => typeof (v as { a: unknown }).a === 'number';
  it('round-trips an opaque cursor', () => {
    const text = encodeCursor({ a: 5 });
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text, '/query/cursor', isPair)).toEqual({ a: 5 });
  });
  it('throws a 400 problem pointing at the cursor for anything else', () => {
    for (const bad of ['%%%', encodeCursor({ b: 1 }), Buffer.from('not json').toString('base64url')]) {
      try {
        decodeCursor(bad, '/body/cursor', isPair);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ProblemError);
        expect((error as ProblemError).errors?.[0].pointer).toBe('/body/cursor');
      }
    }
  });
  it('makes FTS5 prefix queries from words only', () => {
    expect(prefixMatch('Dana  Rey')).toBe('"dana"* "rey"*');
    expect(prefixMatch('dana.reyes@example')).toBe('"dana"* "reyes"* "example"*');
    expect(prefixMatch('"; DROP')).toBe('"drop"*');
    expect(prefixMatch('--')).toBeNull();
  });
  it('splices page JSON', () => {
    expect(JSON.parse(pageJson({ items: ['{"a":1}'], nextCursor: null }, { folder: '{"b":2}' }))).toEqual({
      folder: { b: 2 },
      items: [{ a: 1 }],
      nextCursor: null,
    });
  });
});
