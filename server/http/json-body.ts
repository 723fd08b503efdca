/**
 * The JSON body parser: Fastify's own (secure-json-parse, refusing `__proto__` and `constructor`
 * poisoning), behind two limits checked in one pass before parsing. `JSON.parse` of 1 MiB of
 * `[[[[…]]]]` holds the event loop for hundreds of milliseconds, of 500,000 array items for tens, so
 * a body that nests deeper than `maxJsonDepth` or holds more than `maxJsonMembers` array items and
 * object members is refused with 400 unparsed (the Limits convention in `api/openapi.yaml`;
 * docs/SECURITY.md, Reference service).
 */
import type { FastifyInstance } from 'fastify';
import { validationProblem } from './problem';

/** Deepest nesting of arrays and objects a JSON body may have; the contract's bodies need under 10. */
export const maxJsonDepth = 32;

/**
 * Most array items and object members a JSON body may hold in all: over 10 times the most a body valid
 * under the contract can hold (`test/unit/server/request-checks.test.ts` derives that from the
 * schemas' `maxItems` and properties).
 */
export const maxJsonMembers = 10_000;

/** What a JSON text breaks before it is parsed: too deep, too many members, or nothing (null). */
export type JsonShapeBreach = 'depth' | 'members' | null;

/**
 * Whether the JSON text `text` nests arrays and objects deeper than `maxDepth` or holds more than
 * `maxMembers` array items and object members (counted as commas plus containers, an upper bound).
 * One pass over the characters, skipping strings; it stops at the first breach. Malformed text is
 * left to the parser.
 */
export function jsonShapeBreach(text: string, maxDepth: number, maxMembers: number): JsonShapeBreach {
  let depth = 0;
  let members = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip a string: to the next quote that no backslash escapes.
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === 0x5c) i++;
        else if (s === 0x22) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return 'depth';
      if (++members > maxMembers) return 'members';
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    } else if (c === 0x2c && ++members > maxMembers) {
      return 'members';
    }
  }
  return null;
}

/** Replaces the app's `application/json` parser with the limited one (body limit unchanged). */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const breach = jsonShapeBreach(body as string, maxJsonDepth, maxJsonMembers);
    if (breach !== null) {
      const detail =
        breach === 'depth'
          ? `nests deeper than ${maxJsonDepth} levels`
          : `holds more than ${maxJsonMembers} array items and object members`;
      done(validationProblem([{ pointer: '/body', detail }]), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
