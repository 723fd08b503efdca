/**
 * Opaque paging cursors: base64url (RFC 4648 §5) of a small JSON object. Clients must treat them as
 * opaque; the service checks their shape when it reads them back.
 */
import { validationProblem } from './problem';

/** Encodes a cursor payload as base64url JSON. */
export function encodeCursor(payload: unknown): string {
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
}

/**
 * Decodes a cursor made by encodeCursor and checks it with `guard`. Throws a 400 validation problem
 * pointing at `pointer` (e.g. `/query/cursor`) when the text is not such a cursor.
 */
export function decodeCursor<T>(text: string, pointer: string, guard: (value: unknown) => value is T): T {
  let value: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new Error('not base64url');
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  if (value === undefined || !guard(value)) {
    throw validationProblem([{ pointer, detail: 'is not a cursor from this list; start again without a cursor' }]);
  }
  return value;
}
