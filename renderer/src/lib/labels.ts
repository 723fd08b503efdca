/** Display labels for the contract's enumerations (preload/contract.ts). */
import type {
  CalendarEventStatus,
  CalendarRecipient,
  ContactRow,
  DocumentRow,
  Notification,
  Transfer,
} from '../../../preload/contract';

/** Label of a contact type: "customer" → "Customer". */
export const contactTypeLabel: Record<ContactRow['type'], string> = {
  customer: 'Customer',
  prospect: 'Prospect',
  partner: 'Partner',
  supplier: 'Supplier',
  employee: 'Employee',
};

/** Label of a contact state. */
export const contactStateLabel: Record<ContactRow['state'], string> = {
  active: 'Active',
  archived: 'Archived',
};

/** Label of a document's approval state. */
export const documentStateLabel: Record<DocumentRow['state'], string> = {
  draft: 'Draft',
  pendingApproval: 'Pending approval',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** Label of a calendar recipient's response (RFC 5545 PARTSTAT values in the contract's spelling). */
export const responseLabel: Record<CalendarRecipient['response'], string> = {
  needsAction: 'No response yet',
  accepted: 'Accepted',
  declined: 'Declined',
  tentative: 'Maybe',
};

/** Label of a transfer's state. */
export const transferStateLabel: Record<Transfer['state'], string> = {
  queued: 'Waiting',
  running: 'In progress',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** Label of a calendar event's status. */
export const eventStatusLabel: Record<CalendarEventStatus, string> = {
  confirmed: 'Confirmed',
  tentative: 'Tentative',
  cancelled: 'Cancelled',
};

/** Label of a notification's state. */
export const notificationStateLabel: Record<Notification['state'], string> = {
  unread: 'Unread',
  read: 'Read',
  dismissed: 'Dismissed',
};
