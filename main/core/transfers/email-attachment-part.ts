/**
 * Takes one attachment out of a downloaded e-mail message. The contract has no download of one
 * attachment (api/openapi.yaml `EmailAttachment`: "its bytes are part of the message `Download`
 * answers"), so the whole message (RFC 5322 with MIME, RFC 2045-2049) is parsed and the part that
 * is the attachment is checked against what the service listed for it: its size and its SHA-256.
 */
import { createHash } from 'node:crypto';
import PostalMime from 'postal-mime';
import { BridgeError, type EmailAttachmentRow } from '../../../preload/contract';

/** What an attachment is checked against (api/openapi.yaml `EmailAttachment`). */
export type ExpectedAttachment = Pick<EmailAttachmentRow, 'fileName' | 'size' | 'sha256'>;

/**
 * The most bytes a message holding `attachments` may have: each attachment in base64 (4 bytes per 3,
 * plus line breaks: RFC 2045 section 6.8 lines of at most 76 characters), plus up to 4 MiB for the
 * headers and the bodies (api/openapi.yaml `Email`: text up to 100,000 and HTML up to 200,000
 * characters, encoded). A broken or hostile service cannot make the download fill the disk.
 */
export function messageByteBudget(attachments: readonly Pick<ExpectedAttachment, 'size'>[]): number {
  const encoded = attachments.reduce((sum, a) => sum + Math.ceil((a.size * 4) / 3) * (78 / 76) + 1024, 0);
  return Math.ceil(encoded) + 4 * 1024 * 1024;
}

/**
 * The bytes of `expected` in the message `raw`: the attachment part whose bytes have its SHA-256
 * (its file name need not be unique). Throws BridgeError('server_error') in words when the message
 * has no such part, or only a part of that name with other bytes (not the attachment the service
 * listed).
 */
export async function attachmentBytes(raw: Uint8Array, expected: ExpectedAttachment): Promise<Uint8Array> {
  let parsed: Awaited<ReturnType<typeof PostalMime.parse>>;
  try {
    parsed = await PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer' });
  } catch (err) {
    throw new BridgeError(
      'server_error',
      `The message the BRM service sent could not be read (${err instanceof Error ? err.message : String(err)}), so ${expected.fileName} was not saved. Try again later; if it keeps happening, contact your administrator.`,
    );
  }
  let sameName = false;
  for (const attachment of parsed.attachments) {
    const content = attachment.content;
    const bytes =
      typeof content === 'string'
        ? new Uint8Array(Buffer.from(content, 'utf8'))
        : content instanceof Uint8Array
          ? content
          : new Uint8Array(content);
    if (attachment.filename === expected.fileName) sameName = true;
    if (bytes.byteLength !== expected.size) continue;
    if (createHash('sha256').update(bytes).digest('hex') === expected.sha256) return bytes;
  }
  throw new BridgeError(
    'server_error',
    sameName
      ? `The file ${expected.fileName} in the message the BRM service sent does not match the attachment's size and SHA-256 checksum, so it was not saved. Try again later; if it keeps happening, contact your administrator.`
      : `The message the BRM service sent has no attachment ${expected.fileName}, so nothing was saved. Refresh the e-mail and try again.`,
  );
}
