/**
 * Refusals of a bridge schema by field name, for a form's fields: the shared words of
 * preload/contract/issues.ts, keyed by the last segment of each JSON pointer ('' for the whole).
 */
import { z } from 'zod';
import { fieldErrors } from '../../../../preload/contract/issues';

/**
 * The issues with each union refusal replaced by the issues of its first alternative (a field that
 * is an object or null, like a group's `filter`, is refused field by field, not as a whole).
 */
function flatten(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  return issues.flatMap((issue) =>
    issue.code === 'invalid_union' && issue.errors.length > 0 && issue.errors[0].length > 0
      ? flatten(issue.errors[0].map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] })))
      : [issue],
  );
}

/** The first message for each field `issues` name, in words ("Name must be at most 120 characters long"). */
export function messagesByField(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const error of fieldErrors(flatten(issues))) errors[error.pointer.split('/').pop() ?? ''] ??= error.message;
  return errors;
}

/**
 * `schema` whose refusals name the fields inside a union (see `flatten`), for the shared record
 * form (components/forms/use-record-form.ts), which puts each refusal next to its field.
 */
export function fieldwise<T>(schema: z.ZodType<T>): z.ZodType<T> {
  return z.unknown().transform((value, ctx) => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of flatten(parsed.error.issues)) ctx.issues.push(issue as (typeof ctx.issues)[number]);
    return z.NEVER;
  }) as unknown as z.ZodType<T>;
}
