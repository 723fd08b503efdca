/**
 * The characters a name may not hold (the "Names" convention in `api/openapi.yaml` `info.description`;
 * the choices in `docs/interpretations/names-files-csv.md`):
 *
 * - C0 controls (U+0000–U+001F), DEL and C1 controls (U+007F–U+009F), the line and paragraph
 *   separators (U+2028, U+2029): they break lines, terminals, e-mail headers and file systems;
 * - every format character (Unicode general category Cf), invisible by design: the bidirectional
 *   marks, embeddings, overrides and isolates of Unicode Standard Annex #9 (U+061C, U+200E, U+200F,
 *   U+202A–U+202E, U+2066–U+2069; an override makes `invoice‮fdp.exe` read as `invoiceexe.pdf`), the
 *   zero-width space U+200B, the word joiner U+2060 and the invisible operators U+2061–U+2064, the
 *   byte order mark U+FEFF, the soft hyphen U+00AD, the Mongolian vowel separator U+180E, the Arabic
 *   and Syriac prepended marks (U+0600–U+0605, U+06DD, U+070F, U+0890, U+0891, U+08E2), the
 *   interlinear annotation marks U+FFF9–U+FFFB and the tag characters U+E0000–U+E007F (which can
 *   carry hidden text); with the unassigned code points among them (U+2065, U+FFF0–U+FFF8);
 * - the blank fillers that show nothing and make a name look empty: the Hangul fillers U+115F,
 *   U+1160, U+3164, U+FFA0 and the blank Braille pattern U+2800.
 *
 * The zero-width non-joiner U+200C and joiner U+200D (also Cf) are the exception: Persian and the
 * Indic scripts need them inside words and emoji sequences are built with them (RFC 5892 Appendix A
 * allows them in such contexts in domain names). A name may hold one only between two visible
 * characters (neither white space nor another of these), never at an end or beside a space.
 *
 * The contract refuses them in every name field through a `pattern` built by `namePatternOf`; uploaded
 * file names are cleaned with `stripNameCharacters` instead. The pattern is ECMA-262 with the `u` flag,
 * as JSON Schema 2020-12 reads it (Ajv does); `nonUnicodePattern` gives the same rule for an engine
 * that compiles patterns without it (zod's `fromJSONSchema`). Shared by the service, the bridge and the
 * renderer (no Node or DOM imports).
 */

/** The forbidden characters of the Basic Multilingual Plane, as the body of a regular-expression class. */
export const nameForbiddenClass =
  '\\x00-\\x1f\\x7f-\\x9f\\xad\\u0600-\\u0605\\u061c\\u06dd\\u070f\\u0890\\u0891\\u08e2\\u115f\\u1160\\u180e\\u200b\\u200e\\u200f\\u2028-\\u202e\\u2060-\\u206f\\u2800\\u3164\\ufeff\\uffa0\\ufff0-\\ufffb';

/** The forbidden characters beyond the Basic Multilingual Plane, as a class body (`u` flag). */
export const nameForbiddenAstralClass =
  '\\u{110bd}\\u{110cd}\\u{13430}-\\u{1343f}\\u{1bca0}-\\u{1bca3}\\u{1d173}-\\u{1d17a}\\u{e0000}-\\u{e007f}';

/** The same characters as UTF-16 surrogate pairs, for an engine without the `u` flag. */
const astralAsPairs =
  '(?:\\ud804[\\udcbd\\udccd]|\\ud80d[\\udc30-\\udc3f]|\\ud82f[\\udca0-\\udca3]|\\ud834[\\udd73-\\udd7a]|\\udb40[\\udc00-\\udc7f])';

/** The zero-width non-joiner and joiner, allowed only between two visible characters. */
export const nameJoinerClass = '\\u200c\\u200d';

const astral = `[${nameForbiddenAstralClass}]`;

/** What a name field adds to the rule (the contract's name fields use these four shapes). */
export interface NameRuleOptions {
  /** Also refuse `/` and `\` (file and folder names). */
  separators?: boolean;
  /** At least one character (a file name: `+` instead of `*`). */
  nonEmpty?: boolean;
  /** It may not end with a space, and so holds at least one character (folder names). */
  noTrailingSpace?: boolean;
  /** It may not be only white space (story titles). */
  notBlank?: boolean;
}

/**
 * The contract's `pattern` for a name field with the given extra rules: a lookahead refuses the
 * astral characters and a joiner at the start, at the end, or beside white space or another joiner;
 * the character class refuses the rest.
 */
export function namePatternOf(options: NameRuleOptions = {}): string {
  const allowed = `[^${options.separators ? '/\\\\' : ''}${nameForbiddenClass}`;
  const joiner = `[${nameJoinerClass}]`;
  const guard = `(?!${joiner})(?!.*(?:${astral}|[\\s${nameJoinerClass}]${joiner}|${joiner}(?:\\s|$)))`;
  const body = options.noTrailingSpace ? `${allowed}]*${allowed} ]` : `${allowed}]${options.nonEmpty ? '+' : '*'}`;
  return `^${options.notBlank ? '(?=.*\\S)' : ''}${guard}${body}$`;
}

/** The contract's pattern for a plain name field. */
export const namePattern = namePatternOf();

/**
 * `pattern` rewritten for an engine that compiles it without the `u` flag (the astral characters as
 * surrogate pairs); any other pattern comes back as it is.
 */
export function nonUnicodePattern(pattern: string): string {
  return pattern.replace(astral, astralAsPairs);
}

const forbidden = new RegExp(`[${nameForbiddenClass}${nameForbiddenAstralClass}]`, 'u');
const forbiddenAll = new RegExp(`[${nameForbiddenClass}${nameForbiddenAstralClass}]`, 'gu');
const joiners = new RegExp(`[${nameJoinerClass}]+`, 'gu');
const invisibleNeighbour = new RegExp(`[\\s${nameForbiddenClass}${nameJoinerClass}]`, 'u');

/** True when `text` holds a character a name may not hold (a joiner out of place is not counted here). */
export function hasForbiddenNameCharacter(text: string): boolean {
  return forbidden.test(text);
}

/** True when `text` holds a zero-width joiner or non-joiner that is not between two visible characters. */
export function hasStrayJoiner(text: string): boolean {
  return stripStrayJoiners(text) !== text;
}

function stripStrayJoiners(text: string): string {
  return text.replace(joiners, (run, at: number) => {
    const before = text[at - 1];
    const after = text[at + run.length];
    const inWord =
      run.length === 1 &&
      before !== undefined &&
      after !== undefined &&
      !invisibleNeighbour.test(before) &&
      !invisibleNeighbour.test(after);
    return inWord ? run : '';
  });
}

/** `text` without the characters a name may not hold (used for file names, which are cleaned, not refused). */
export function stripNameCharacters(text: string): string {
  return stripStrayJoiners(text.replace(forbiddenAll, ''));
}

const characterWords =
  'must not contain control characters, line separators or invisible characters (text-direction marks, zero-width spaces and other format characters, blank fillers)';
const joinerWords = 'may hold a zero-width joiner or non-joiner only between two visible characters';

/**
 * The words for a failed contract `pattern` that carries the name rule (a pattern holding
 * `nameForbiddenClass`), or null for any other pattern. File and folder names' patterns also refuse
 * `/` and `\`, a folder name may not end with a space and a story title may not be blank; with the
 * refused `value` the words name the rule it broke, without it they name them all (a zero-width joiner
 * out of place counts as an invisible character then).
 */
export function namePatternMessage(pattern: string, value?: unknown): string | null {
  if (!pattern.includes(nameForbiddenClass)) return null;
  const separators = pattern.includes('/\\\\');
  const trailingSpace = pattern.includes(' ]$');
  const blank = pattern.includes('(?=.*\\S)');
  if (typeof value === 'string' && !hasForbiddenNameCharacter(value)) {
    if (blank && !/\S/.test(value)) return 'must not be blank';
    if (separators && /[/\\]/.test(value)) return 'must not contain / or \\';
    if (hasStrayJoiner(value)) return joinerWords;
    if (trailingSpace && value.endsWith(' ')) return 'must not end with a space';
  }
  let words = characterWords;
  if (separators) words += ', / or \\';
  if (trailingSpace) words += '; it must not end with a space';
  if (blank) words += '; it must not be blank';
  return words;
}

/** A JSON Schema object as the contract and the generated write schemas hold it. */
type SchemaNode = { [keyword: string]: unknown };

/** True when `schema` is a name field: a string whose `pattern` carries the name rule. */
function isNameField(schema: SchemaNode): boolean {
  return typeof schema.pattern === 'string' && schema.pattern.includes(nameForbiddenClass);
}

/**
 * `value` with every name in it in NFC: the strings that `schema` gives a name `pattern`, in objects
 * (`properties`), arrays (`items`) and every `oneOf`/`anyOf`/`allOf` branch. `resolve` follows a
 * `$ref` (none is needed for schemas with references inlined). Other values come back as they are;
 * the input is not changed. Names are compared as people read them only if they are stored in one
 * form (`api/name-key.ts`); the service and the client both call this where a body comes in or goes out.
 */
export function normalizeNameFields(
  schema: unknown,
  value: unknown,
  resolve: (ref: string) => unknown = () => undefined,
  depth = 0,
): unknown {
  if (depth > 32 || !schema || typeof schema !== 'object') return value;
  let node = schema as SchemaNode;
  for (let hops = 0; typeof node.$ref === 'string' && hops < 20; hops++) {
    const target = resolve(node.$ref);
    if (!target || typeof target !== 'object') return value;
    node = target as SchemaNode;
  }
  if (typeof value === 'string') return isNameField(node) ? value.normalize('NFC') : value;
  let result = value;
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    const branches = node[keyword];
    if (Array.isArray(branches))
      for (const branch of branches) result = normalizeNameFields(branch, result, resolve, depth + 1);
  }
  if (Array.isArray(result) && node.items) {
    return result.map((item) => normalizeNameFields(node.items, item, resolve, depth + 1));
  }
  const properties = node.properties as Record<string, unknown> | undefined;
  if (properties && result && typeof result === 'object' && !Array.isArray(result)) {
    const copy: Record<string, unknown> = { ...(result as Record<string, unknown>) };
    for (const [name, property] of Object.entries(properties)) {
      if (name in copy) copy[name] = normalizeNameFields(property, copy[name], resolve, depth + 1);
    }
    return copy;
  }
  return result;
}

/**
 * The characters no other text field may hold (the "Every string" convention in `api/openapi.yaml`
 * `info.description`): C0 controls except tab, line feed and carriage return, and DEL. The contract's
 * `pattern` of those fields is `^[^<textForbiddenClass>]*$`.
 */
export const textForbiddenClass = '\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f';

/** The contract's pattern for a text field that is not a name. */
export const textPattern = `^[^${textForbiddenClass}]*$`;

const textForbiddenAll = new RegExp(`[${textForbiddenClass}]`, 'g');

/**
 * `text` with every character a text field may not hold replaced by `by` (default: dropped), for
 * text the service takes from files (document text, CSV cells) and then answers with.
 */
export function cleanTextControls(text: string, by = ''): string {
  return text.replace(textForbiddenAll, by);
}
