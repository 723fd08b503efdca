/**
 * The JSON body parser: Fastify's own (secure-json-parse, refusing `__proto__` and `constructor`
 * poisoning), behind a nesting limit. `JSON.parse` of 1 MiB of `[[[[…]]]]` holds the event loop for
 * hundreds of milliseconds, so a body that nests deeper than `maxJsonDepth` is refused with 400
 * before it is parsed (the Limits convention in `api/openapi.yaml`; docs/SECURITY.md, Reference service).
 */
import type { FastifyInstance } from 'fastify';
import { validationProblem } from './problem';

/** Deepest nesting of arrays and objects a JSON body may have; the contract's bodies need under 10. */
export const maxJsonDepth = 32;

/**
 * True when the JSON text `text` nests arrays and objects deeper than `max`. One pass over the
 * characters, skipping strings; it stops at the first level too deep. Malformed text is left to the
 * parser (the answer is only about depth).
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
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
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** Replaces the app's `application/json` parser with the depth-limited one (body limit unchanged). */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, maxJsonDepth)) {
      done(validationProblem([{ pointer: '/body', detail: `nests deeper than ${maxJsonDepth} levels` }]), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
