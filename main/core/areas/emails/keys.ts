/** Keys of the e-mails area's kept answers (the query cache, main/core/areas/kept.ts). */

/** A page of a contact's or company's e-mails (`getEmails`); the first page has no cursor. */
export function emailPageKey(by: 'contactId' | 'companyId', recordId: string, cursor: string | undefined): string {
  return `emails:${by}:${recordId}:${cursor ?? ''}`;
}

/** One e-mail with its bodies (`getEmail`). */
export function emailKey(id: string): string {
  return `email:${id}`;
}

/** An e-mail's attachments (`getEmailAttachments`). */
export function emailAttachmentsKey(emailId: string): string {
  return `emailAttachments:${emailId}`;
}
