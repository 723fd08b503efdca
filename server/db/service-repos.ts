/**
 * The repositories of the service areas' tables, one of each per running service. The start-up code
 * (`server/compose.ts`) makes them once, after the areas' tables exist, and hands them to the
 * operation handlers, the platform hooks and the demo seeders. The core record types (companies,
 * contacts, users, calendar events, documents, notifications) live on `ServiceStore` itself.
 */
import type { AuditRepo } from './audit';
import type { AvatarImageRepo } from './avatar-images';
import type { BranchRepo } from './branches';
import type { CalendarRecipientRows } from './calendar-recipients';
import type { CampaignRepo } from './campaigns';
import type { CmtRepo } from './cmt';
import type { CommentRepo } from './comments';
import type { ContactQueryRepo } from './contact-queries';
import type { ContactSettingsRepo } from './contact-settings';
import type { DealRepo } from './deals';
import type { DocumentLinkRepo } from './document-links';
import type { DocumentSummaryCache } from './document-summaries';
import type { EmailRepo } from './emails';
import type { FeedItemRepo } from './feed-items';
import type { GroupRepo } from './groups';
import type { PermissionRepo } from './permissions';
import type { PimRepo } from './pim';
import type { RebateRepo } from './rebates';
import type { SessionRepo } from './sessions';
import type { SpendRepo } from './spend';
import type { StoryRepo } from './stories';

/** Every area repository of one service, by the records it holds. */
export interface ServiceRepos {
  /** Audit records (audit-platform area). */
  audit: AuditRepo;
  /** Permission grants of users (contacts area). */
  permissions: PermissionRepo;
  /** Users' roles, passwords and token revocation (contacts area). */
  sessions: SessionRepo;
  /** Users' saved settings (contacts area). */
  contactSettings: ContactSettingsRepo;
  /** Saved contact queries (contacts area). */
  contactQueries: ContactQueryRepo;
  /** Stored contact portraits and company logos (contacts area). */
  avatarImages: AvatarImageRepo;
  /** Relations between documents (documents area). */
  documentLinks: DocumentLinkRepo;
  /** Recipient rows of calendar events (calendar-campaigns area). */
  calendarRecipients: CalendarRecipientRows;
  /** Campaigns, their recipients and deliveries (calendar-campaigns area). */
  campaigns: CampaignRepo;
  /** Branches (branches-deals area). */
  branches: BranchRepo;
  /** PSA deals (branches-deals area). */
  deals: DealRepo;
  /** Rebate agreements (branches-deals area). */
  rebates: RebateRepo;
  /** Groups of contacts (groups-spend-cmt area). */
  groups: GroupRepo;
  /** Spend records per company, category and month (groups-spend-cmt area). */
  spend: SpendRepo;
  /** CMT records (groups-spend-cmt area). */
  cmt: CmtRepo;
  /** E-mails with attachments (email-pim area). */
  emails: EmailRepo;
  /** Import mappings and export templates (email-pim area). */
  pim: PimRepo;
  /** Comments on records (comments-blog-feed-ai area). */
  comments: CommentRepo;
  /** Blog stories (comments-blog-feed-ai area). */
  stories: StoryRepo;
  /** Activity feed items (comments-blog-feed-ai area). */
  feedItems: FeedItemRepo;
  /** Cached document summaries (comments-blog-feed-ai area). */
  documentSummaries: DocumentSummaryCache;
}
