/**
 * The characters a name may not hold (the "Names" convention in `api/openapi.yaml` `info.description`;
 * the choices in `docs/interpretations/names-files-csv.md`): C0 controls (U+0000–U+001F), DEL and C1
 * controls (U+007F–U+009F), the Arabic letter mark (U+061C), the left-to-right and right-to-left
 * marks (U+200E, U+200F), the line and paragraph separators (U+2028, U+2029), the bidirectional
 * embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069) of Unicode Standard Annex #9.
 * A bidirectional override can make `invoice‮fdp.exe` read as `invoiceexe.pdf`; controls break lines,
 * terminals and file systems. The contract refuses them in every name field through a `pattern`
 * holding `nameForbiddenClass`; uploaded file names are cleaned with `stripNameCharacters` instead.
 * Shared by the service, the bridge and the renderer (no Node or DOM imports).
 */

/** The forbidden characters as the body of a regular-expression character class (ECMA-262 escapes). */
export const nameForbiddenClass = '\\x00-\\x1f\\x7f-\\x9f\\u061c\\u200e\\u200f\\u2028-\\u202e\\u2066-\\u2069';

/** The contract's pattern for a name field: any text without a forbidden character. */
export const namePattern = `^[^${nameForbiddenClass}]*$`;

const forbidden = new RegExp(`[${nameForbiddenClass}]`);
const forbiddenAll = new RegExp(`[${nameForbiddenClass}]`, 'g');

/** True when `text` holds a character a name may not hold. */
export function hasForbiddenNameCharacter(text: string): boolean {
  return forbidden.test(text);
}

/** `text` without the characters a name may not hold (used for file names, which are cleaned, not refused). */
export function stripNameCharacters(text: string): string {
  return text.replace(forbiddenAll, '');
}

/**
 * The words for a failed contract `pattern` that carries the name rule (a pattern holding
 * `nameForbiddenClass`), or null for any other pattern. File and folder names' patterns also refuse
 * `/` and `\`, a folder name may not end with a space and a story title may not be blank; with the
 * refused `value` the words name the rule it broke, without it they name them all.
 */
export function namePatternMessage(pattern: string, value?: unknown): string | null {
  if (!pattern.includes(nameForbiddenClass)) return null;
  const separators = pattern.includes('/\\\\');
  const trailingSpace = pattern.includes(' ]$');
  const blank = pattern.includes('(?=.*\\S)');
  if (typeof value === 'string' && !hasForbiddenNameCharacter(value)) {
    if (blank && !/\S/.test(value)) return 'must not be blank';
    if (separators && /[/\\]/.test(value)) return 'must not contain / or \\';
    if (trailingSpace && value.endsWith(' ')) return 'must not end with a space';
  }
  let words = 'must not contain control characters, line separators or invisible text-direction marks';
  if (separators) words += ', / or \\';
  if (trailingSpace) words += '; it must not end with a space';
  if (blank) words += '; it must not be blank';
  return words;
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
