/** How e-mails are put in words: addresses, recipients, direction, attachment counts. */
import type { EmailAddress, EmailDirection } from '../../../../preload/contract';
import { pluralize } from '../../lib/format';

/** "Avery Quinn <avery@example.com>", or the address alone when there is no display name (RFC 5322 section 3.4). */
export function formatAddress(address: EmailAddress): string {
  return address.name ? `${address.name} <${address.email}>` : address.email;
}

/** The short form of an address for lists: the display name, else the address. */
export function shortAddress(address: EmailAddress): string {
  return address.name || address.email;
}

/** The recipients in short: "Dana Holt", "Dana Holt and 2 more". */
export function shortRecipients(to: readonly EmailAddress[]): string {
  if (to.length === 0) return 'No recipients';
  return to.length === 1 ? shortAddress(to[0]) : `${shortAddress(to[0])} and ${to.length - 1} more`;
}

/** Every address in full, comma-separated. */
export function formatAddresses(addresses: readonly EmailAddress[]): string {
  return addresses.map(formatAddress).join(', ');
}

/** The direction in words (api/openapi.yaml `EmailDirection`): received from outside, or sent by the owner company's people. */
export const directionLabel: Record<EmailDirection, string> = {
  inbound: 'Received',
  outbound: 'Sent',
};

/** "No attachments", "1 attachment", "3 attachments". */
export function attachmentCountLabel(count: number): string {
  return count === 0 ? 'No attachments' : pluralize(count, 'attachment');
}

/** The subject as shown: "(no subject)" when empty. */
export function subjectLabel(subject: string): string {
  return subject.trim() === '' ? '(no subject)' : subject;
}
