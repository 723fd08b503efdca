/**
 * Single byte ranges (RFC 9110 §14): `Range: bytes=N-`, `bytes=N-M` and the suffix `bytes=-N` (the
 * last N bytes), guarded by `If-Range`. A Range the service does not understand (another unit, a
 * syntax error, several ranges) is ignored and the whole file is sent (§14.2: a server MAY ignore
 * Range, and MUST ignore one with a range unit it does not understand).
 */

/** An inclusive byte range. */
export interface ByteRange {
  start: number;
  end: number;
}

/** `bytes=` (the unit case-insensitive, §14.1), then one int-range or suffix-range (§14.1.1). */
const singleByteRange = /^bytes=[ \t]*(\d*)-(\d*)[ \t]*$/i;

/**
 * Resolves the range to send for a file of `size` bytes: null for the whole file (no Range, a Range
 * that is ignored, or an If-Range that does not match `etag`), 'unsatisfiable' when no byte of the
 * range lies in the file (§14.1.1: a first-pos at or past the end, a suffix of 0, an empty file).
 * A last-pos past the end is cut to the end; a suffix longer than the file selects the whole file.
 */
export function resolveRange(
  range: string | undefined,
  ifRange: string | undefined,
  etag: string,
  size: number,
): ByteRange | null | 'unsatisfiable' {
  if (!range) return null;
  if (ifRange !== undefined && ifRange.trim() !== etag) return null;
  const match = singleByteRange.exec(range.trim());
  if (!match) return null;
  const [, first, last] = match;
  if (first === '') {
    if (last === '') return null;
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return { start, end };
}
