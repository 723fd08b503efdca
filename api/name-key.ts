/**
 * Names compared as people read them (the "Names" convention in `api/openapi.yaml` `info.description`;
 * the choices in `docs/interpretations/names-files-csv.md`). A name is kept as typed, in NFC; two
 * names that must be unique clash when they look alike, which this file decides with three keys:
 *
 * - **as written**: the UTS #39 skeleton (Unicode Technical Standard #39, §4 "Confusable Detection")
 *   of the name's compatibility decomposition (NFKD, so full-width `Ｒ` is `R`);
 * - **in small letters**: the skeleton of its compatibility caseless form (The Unicode Standard §3.13,
 *   D145: NFKD(toCasefold(NFKD(toCasefold(NFD(X)))))), without the dot above that `İ` folds to next to
 *   a soft-dotted letter (`i̇` shows as `i`);
 * - **in capitals**: the skeleton of its upper case (NFKD first).
 *
 * Two names clash when any of their keys of the same kind is equal. Folding first and then taking the
 * skeleton makes `RÉPORTS` meet `Réports` and `ß` meet `SS`; the capitals' key adds look-alikes that
 * exist only in capitals (Cyrillic `Н` and Latin `H`: folded first, `н` is no look-alike of `h`); the
 * key as written keeps a capital `I` that passes for an `l` (`BiII` and `Bill`) that folding would turn
 * into `i`. One key alone cannot hold all three: `I` looks like `l` but `i` does not, so a single key
 * that met both would also make `Mail` meet `Mall`.
 *
 * Every key drops Default_Ignorable_Code_Point characters (zero-width spaces and joiners, the byte
 * order mark, variation selectors: the skeleton's step 2) and treats any run of white space as one
 * space, without white space at the ends. Letter case is Unicode's default (full, not Turkic) case
 * mapping. The prototypes are those of `confusables.txt` shipped by the npm package `unhomoglyph`;
 * case folding comes from `unicode-case-folding` (CaseFolding.txt, status C and F).
 *
 * Keys are for comparing, never for showing. Shared by the service and the desktop client's core; the
 * renderer does not import it (the data is about 100 KB).
 */
import unhomoglyph from 'unhomoglyph';
import { caseFold } from 'unicode-case-folding';

const ignorable = /\p{Default_Ignorable_Code_Point}/gu;
const dotOnSoftDotted = /(?<=\p{Soft_Dotted})\u0307/gu;
const whiteSpace = /\s+/gu;

/** The kinds of key a name has; a key is stored and compared together with its kind. */
export type NameKeyKind = 'written' | 'small' | 'capital';

/** A name's keys by kind (strings for comparing only). */
export type NameKeys = Readonly<Record<NameKeyKind, string>>;

/** The kinds of key, in the order `nameKeys` lists them. */
export const nameKeyKinds: readonly NameKeyKind[] = ['written', 'small', 'capital'];

/** `text` in Unicode Normalization Form C: how the service and the client store and send every name. */
export function normalizeName(text: string): string {
  return text.normalize('NFC');
}

/** The compatibility caseless form of `text` (The Unicode Standard §3.13, D145). */
export function compatibilityCaseFold(text: string): string {
  return caseFold(caseFold(text.normalize('NFD')).normalize('NFKD')).normalize('NFKD');
}

/** The UTS #39 §4 skeleton of `text`: NFD, Default_Ignorable_Code_Point removed, prototypes, NFD again. */
export function skeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD').replace(ignorable, '')).normalize('NFD');
}

function spaced(key: string): string {
  return key.replace(whiteSpace, ' ').trim();
}

/** The three keys of `name` (see the file's description). Pure; well under a millisecond for a short name. */
export function nameKeys(name: string): NameKeys {
  const decomposed = name.normalize('NFKD');
  return {
    written: spaced(skeleton(decomposed)),
    small: spaced(skeleton(compatibilityCaseFold(decomposed).replace(dotOnSoftDotted, ''))),
    capital: spaced(skeleton(decomposed.toUpperCase())),
  };
}

/** True when names `a` and `b` clash: a key of one kind is equal (they look alike to a reader). */
export function namesClash(a: string, b: string): boolean {
  const x = nameKeys(a);
  const y = nameKeys(b);
  return nameKeyKinds.some((kind) => x[kind] === y[kind]);
}
