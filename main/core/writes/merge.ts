/**
 * Three-way merge of a record edited here against the service's newer version (after a 412), field
 * by field, as the Salesforce Mobile SDK and RxDB conflict handlers do: a field changed on one side
 * only takes that side; a field changed on both sides to different values is a conflict for the
 * user. Nested objects (a company's address) are merged per sub-field (`address.city`).
 * Pure functions over JSON values.
 */
import type { ConflictField } from '../../../preload/contract';

type Json = unknown;
type Flat = Record<string, Json>;

/** Fields that are bookkeeping, never merged (the service owns them). */
const bookkeeping = new Set(['id', 'version', 'createdAt', 'updatedAt']);

/** Flattens one level of nested plain objects: `{ address: { city } }` → `{ 'address.city': … }`. */
export function flatten(record: Record<string, Json>): Flat {
  const out: Flat = {};
  for (const [key, value] of Object.entries(record)) {
    if (bookkeeping.has(key)) continue;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [sub, inner] of Object.entries(value as Record<string, Json>)) out[`${key}.${sub}`] = inner;
    } else out[key] = value;
  }
  return out;
}

/** The inverse of `flatten`, over a base record that keeps the bookkeeping fields. */
export function unflatten(flat: Flat, onto: Record<string, Json>): Record<string, Json> {
  const out: Record<string, Json> = JSON.parse(JSON.stringify(onto));
  for (const [key, value] of Object.entries(flat)) {
    const dot = key.indexOf('.');
    if (dot < 0) out[key] = value;
    else {
      const head = key.slice(0, dot);
      out[head] = { ...((out[head] as Record<string, Json>) ?? {}), [key.slice(dot + 1)]: value };
    }
  }
  return out;
}

/** JSON equality (key order ignored for objects). */
export function sameJson(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameJson((a as Record<string, Json>)[k], (b as Record<string, Json>)[k]));
}

/** The fields (flattened names) where `mine` differs from `base`. */
export function changedFields(base: Record<string, Json>, mine: Record<string, Json>): string[] {
  const b = flatten(base);
  const m = flatten(mine);
  return Object.keys(m).filter((k) => !sameJson(b[k], m[k]));
}

/** The outcome of a merge: the merged record (theirs plus my non-conflicting changes) and the fields in conflict. */
export interface MergeResult {
  merged: Record<string, Json>;
  conflicts: ConflictField[];
}

/**
 * Merges my edit (`mine`, started from `base`) into `theirs`. The merged record is theirs with every
 * field I changed that they did not change; conflicting fields keep their value in `merged` until
 * the user chooses (see `resolve`).
 */
export function threeWayMerge(
  base: Record<string, Json>,
  mine: Record<string, Json>,
  theirs: Record<string, Json>,
): MergeResult {
  const b = flatten(base);
  const m = flatten(mine);
  const t = flatten(theirs);
  const take: Flat = {};
  const conflicts: ConflictField[] = [];
  for (const field of changedFields(base, mine)) {
    if (sameJson(t[field], b[field]) || sameJson(t[field], m[field])) take[field] = m[field];
    else conflicts.push({ field, base: b[field] ?? null, mine: m[field] ?? null, theirs: t[field] ?? null });
  }
  return { merged: unflatten(take, theirs), conflicts };
}

/**
 * Applies the user's choices to a merged record: for every conflicting field, `mine` or `theirs`.
 * Throws when a conflicting field has no choice.
 */
export function resolve(
  merged: Record<string, Json>,
  conflicts: readonly ConflictField[],
  choices: Record<string, 'mine' | 'theirs'>,
): Record<string, Json> {
  const take: Flat = {};
  for (const conflict of conflicts) {
    const choice = choices[conflict.field];
    if (!choice) throw new Error(`No choice for ${conflict.field}.`);
    take[conflict.field] = choice === 'mine' ? conflict.mine : conflict.theirs;
  }
  return unflatten(take, merged);
}
