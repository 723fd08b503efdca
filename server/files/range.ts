/** Single byte ranges (RFC 9110 §14): `Range: bytes=N-` or `bytes=N-M`, guarded by `If-Range`. */

/** An inclusive byte range. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Resolves the range to send for a file of `size` bytes: null for the whole file (no Range, or an
 * If-Range that does not match `etag`), 'unsatisfiable' when the range lies outside the file.
 * `range` must already match `^bytes=\d+-\d*$` (the contract checks it).
 */
export function resolveRange(
  range: string | undefined,
  ifRange: string | undefined,
  etag: string,
  size: number,
): ByteRange | null | 'unsatisfiable' {
  if (!range) return null;
  if (ifRange !== undefined && ifRange.trim() !== etag) return null;
  const match = /^bytes=(\d+)-(\d*)$/.exec(range);
  if (!match) return null;
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
