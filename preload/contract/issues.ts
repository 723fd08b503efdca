/**
 * Turns zod validation issues into words a user can act on, and into per-field messages keyed by
 * RFC 6901 JSON pointers. Used by the host dispatcher (bridge input errors) and by the renderer's
 * forms (messages next to fields), so a field says the same thing before and after sending.
 */
import type { z } from 'zod';
import { namePatternMessage, textForbiddenClass } from '../../api/name-characters';
import { webAddressPatternMessage } from '../../api/web-address';
import type { FieldError } from './common';

const typeNames: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  date: 'a date',
};

/** One issue in words, e.g. "must be at most 100 characters long". */
export function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return /received undefined$/.test(issue.message)
        ? 'is required'
        : `expected ${typeNames[issue.expected] ?? issue.expected}`;
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `"${key}"`).join(', ')}`;
    case 'too_small':
    case 'too_big': {
      const bound = issue.code === 'too_small' ? issue.minimum : issue.maximum;
      if (issue.origin === 'string' && issue.code === 'too_small' && Number(bound) === 1) return 'is required';
      const word = issue.code === 'too_small' ? 'at least' : 'at most';
      if (issue.origin === 'string') return `must be ${word} ${Number(bound).toLocaleString('en')} characters long`;
      if (issue.origin === 'array') return `must have ${word} ${bound} items`;
      return `must be ${word} ${bound}`;
    }
    case 'invalid_format':
      return formatMessage(issue.format, (issue as { pattern?: string }).pattern);
    case 'invalid_value':
      return `expected one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    default:
      return issue.message;
  }
}

function formatMessage(format: string, pattern: string | undefined): string {
  switch (format) {
    case 'email':
      return 'must be an e-mail address such as name@example.com';
    case 'datetime':
      return 'expected an ISO 8601 UTC date-time such as 2026-01-31T09:00:00Z';
    case 'uuid':
      return 'expected a record id';
    case 'url':
    case 'uri':
      return 'must be a web address such as https://example.com';
    case 'regex': {
      const ruleWords =
        pattern === undefined ? null : (namePatternMessage(pattern) ?? webAddressPatternMessage(pattern));
      if (ruleWords) return ruleWords;
      if (pattern?.includes(textForbiddenClass))
        return 'must not contain control characters other than tabs and line breaks';
      if (pattern === '^[A-Z]{2}$' || pattern === '/^[A-Z]{2}$/') return 'must be a two-letter country code such as DE';
      if (pattern?.includes('\\S')) return 'must not be blank';
      return 'has the wrong form';
    }
    default:
      return `expected a valid ${format}`;
  }
}

/** The RFC 6901 JSON pointer of an issue path, e.g. ['fields', 'email'] → `/fields/email`. */
export function issuePointer(path: readonly PropertyKey[]): string {
  return path.map((key) => `/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/** The issues as field errors (one per field: the first issue of each). */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of issues) {
    const pointer = issuePointer(issue.path);
    if (seen.has(pointer)) continue;
    seen.add(pointer);
    out.push({ pointer, message: describeIssue(issue) });
  }
  return out;
}
