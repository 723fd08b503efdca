/**
 * The words of the Campaigns view: a recipient's delivery, why one failed, and the schedule's date
 * and time in the user's time zone (sent as ISO 8601 UTC: api/openapi.yaml, CampaignInput
 * `scheduledAt`).
 */
import { format } from 'date-fns';
import type { Campaign, CampaignInput, CampaignRecipient } from '../../../../preload/contract';

/** A recipient's delivery status in words. */
export const recipientStatusLabel: Record<CampaignRecipient['status'], string> = {
  pending: 'Not sent yet',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** Why a delivery failed, in words (api/openapi.yaml, CampaignDelivery `failureReason`). */
export const failureReasonLabel: Record<
  NonNullable<NonNullable<CampaignRecipient['delivery']>['failureReason']>,
  string
> = {
  noEmail: 'the contact has no e-mail address any more',
  contactArchived: 'the contact was archived',
  contactDeleted: 'the contact was deleted',
};

/** The user's time zone (IANA name, e.g. "Europe/Berlin"). */
export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The value of a `datetime-local` field for an ISO 8601 time, in the user's time zone. */
export function toLocalInput(iso: string): string {
  return format(new Date(iso), "yyyy-MM-dd'T'HH:mm");
}

/** The ISO 8601 UTC time of a `datetime-local` value read in the user's time zone; null when it is not one. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** The CampaignInput that saves `campaign` as it is, with `scheduledAt` (schedule, or null to unschedule). */
export function withSchedule(campaign: Campaign, scheduledAt: string | null): CampaignInput {
  const { name, subject, content, contentFormat, channel, audience } = campaign;
  return { id: campaign.id, name, subject, content, contentFormat, channel, audience, scheduledAt };
}
