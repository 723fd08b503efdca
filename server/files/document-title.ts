/**
 * The title a new document gets from its file name (uploads and unpacked ZIP entries,
 * docs/interpretations/documents.md): the name without its extension ("Site survey.pdf" →
 * "Site survey"), but the whole name when what is left still ends in an extension
 * ("invoice.pdf.exe" stays "invoice.pdf.exe"), so a title never shows a harmless type for a file of
 * another (docs/SECURITY.md, "Opening downloaded files"). At most 300 characters, the contract's limit.
 */

/** The file name `name` without its last extension, unless the rest still has one; cut to 300 characters. */
export function documentTitle(name: string): string {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const disguised = /\.[^.\s]{1,10}$/.test(stem);
  return (disguised ? name : stem).slice(0, 300);
}
