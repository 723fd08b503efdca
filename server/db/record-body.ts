/** The part of a stored record that a write supplies. */
import type { BaseRecord, RecordBody } from './record-table';

/** A record without the fields its table maintains (`id`, `version`, `createdAt`, `updatedAt`). */
export function recordBody<T extends BaseRecord>(record: T): RecordBody<T> {
  const { id: _i, version: _v, createdAt: _c, updatedAt: _u, ...body } = record;
  return body as RecordBody<T>;
}
