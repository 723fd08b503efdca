/** Turns the base64 bytes of a `documents.preview` answer (RFC 4648 §4) into what the viewers draw. */

/** The bytes of base64 `text`. */
export function bytesFromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The text of base64 `text` read as UTF-8 (bytes that are not UTF-8 show as U+FFFD, nothing is run or parsed). */
export function textFromBase64(text: string): string {
  return new TextDecoder('utf-8').decode(bytesFromBase64(text));
}

/** A `data:` URL (RFC 2397) of base64 bytes of media type `contentType`, for an `<img>` (the CSP allows `img-src data:`). */
export function imageDataUrl(contentType: string, base64: string): string {
  return `data:${contentType.split(';')[0].trim()};base64,${base64}`;
}
