/** Every area of the service, in the order their tables are created and their demo data is seeded. */
import type { ServiceArea } from './area';
import { auditPlatformArea } from './audit-platform';
import { branchesDealsArea } from './branches-deals';
import { calendarCampaignsArea } from './calendar-campaigns';
import { commentsBlogFeedAiArea } from './comments-blog-feed-ai';
import { contactsArea } from './contacts';
import { documentsArea } from './documents';
import { emailPimArea } from './email-pim';
import { groupsSpendCmtArea } from './groups-spend-cmt';

/** The areas; seeding runs them in this order, so later areas may use earlier areas' demo records. */
export const serviceAreas: readonly ServiceArea[] = [
  auditPlatformArea,
  contactsArea,
  documentsArea,
  calendarCampaignsArea,
  branchesDealsArea,
  groupsSpendCmtArea,
  emailPimArea,
  commentsBlogFeedAiArea,
];
