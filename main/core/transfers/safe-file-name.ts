/**
 * Makes file names that come from a server safe to create on any desktop file system: no path
 * separators or `..`, no control or bidirectional-override characters, none of the characters or
 * device names Windows reserves (Microsoft, "Naming Files, Paths, and Namespaces"), no trailing dots
 * or spaces, no leading dots, and at most 255 bytes of UTF-8 (the common file-name limit).
 */

/** The longest file name, bytes of UTF-8 (ext4, APFS, NTFS in practice). */
export const maxFileNameBytes = 255;
const fallbackName = 'download';
const reservedDevice = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** Cuts `text` to at most `maxBytes` bytes of UTF-8 without splitting a character. */
function truncateUtf8(text: string, maxBytes: number): string {
  if (utf8Length(text) <= maxBytes) return text;
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    const size = utf8Length(ch);
    if (bytes + size > maxBytes) break;
    out += ch;
    bytes += size;
  }
  return out;
}

/** Splits a name into base and extension (".pdf"); an extension is at most 16 bytes and not the whole name. */
export function splitExtension(name: string): { base: string; ext: string } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || utf8Length(name.slice(dot)) > 16) return { base: name, ext: '' };
  return { base: name.slice(0, dot), ext: name.slice(dot) };
}

/** Joins base and extension, cutting the base so that the whole fits in `maxBytes`. */
function fitName(base: string, ext: string, maxBytes: number): string {
  const room = Math.max(1, maxBytes - utf8Length(ext));
  const cut = truncateUtf8(base, room).replace(/[. ]+$/, '');
  return `${cut || '_'}${ext}`;
}

/**
 * Returns a safe version of `raw` (a name from a server or a user) that fits in `maxBytes` bytes
 * of UTF-8. Never throws; a name with nothing usable left becomes "download".
 */
export function safeFileName(raw: string, maxBytes = maxFileNameBytes): string {
  let name = raw
    .normalize('NFC')
    .replace(/\p{Cc}/gu, '')
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/[/\\]/g, '_')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\.{2,}/g, '.')
    .trim()
    .replace(/^\.+/, '')
    .replace(/[. ]+$/, '');
  if (name.length === 0) name = fallbackName;
  // Windows reserves a device name before any extension ("nul.tar.gz" too).
  if (reservedDevice.test(name.split('.')[0].trimEnd())) name = `_${name}`;
  const { base, ext } = splitExtension(name);
  return fitName(base, ext, maxBytes);
}

/**
 * The `n`-th alternative of a safe name for when it is taken: "report (1).pdf", "report (2).pdf",
 * … (n = 0 gives the name itself); still at most `maxBytes` bytes.
 */
export function numberedFileName(safeName: string, n: number, maxBytes = maxFileNameBytes): string {
  if (n === 0) return safeName;
  const { base, ext } = splitExtension(safeName);
  const suffix = ` (${n})`;
  return fitName(
    `${truncateUtf8(base, Math.max(1, maxBytes - utf8Length(ext) - utf8Length(suffix)))}${suffix}`,
    ext,
    maxBytes,
  );
}
