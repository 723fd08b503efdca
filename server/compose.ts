/**
 * The reference service's composition root: the one place that puts its data layer together. It
 * opens the store with every area's tables, makes each area repository and the campaign sender once,
 * and hands them on: to the operation handlers and platform hooks (`./app.ts`), to the demo seeders
 * (`./demo/seed.ts`) and to tests (`RunningService` in `./start.ts`). Nothing else constructs them,
 * so the data layer (`./db/`) never needs to know the areas.
 */
import { serviceAreas } from './areas';
import type { ServiceArea } from './areas/area';
import { sharedContractAjv } from './contract/ajv';
import { loadContract } from './contract/spec';
import { AuditRepo } from './db/audit';
import { AvatarImageRepo } from './db/avatar-images';
import { BranchRepo } from './db/branches';
import { CalendarRecipientRows } from './db/calendar-recipients';
import { CampaignRepo } from './db/campaigns';
import { CmtRepo } from './db/cmt';
import { CommentRepo } from './db/comments';
import { ContactQueryRepo } from './db/contact-queries';
import { ContactSettingsRepo } from './db/contact-settings';
import { DealRepo } from './db/deals';
import { DocumentLinkRepo } from './db/document-links';
import { DocumentSummaryCache } from './db/document-summaries';
import { EmailRepo } from './db/emails';
import { FeedItemRepo } from './db/feed-items';
import { GroupRepo } from './db/groups';
import { PermissionRepo } from './db/permissions';
import { PimRepo } from './db/pim';
import { RebateRepo } from './db/rebates';
import type { ServiceRepos } from './db/service-repos';
import { SessionRepo } from './db/sessions';
import { SpendRepo } from './db/spend';
import { StoryRepo } from './db/stories';
import { ServiceStore } from './db/store';
import { CampaignSender } from './operations/campaign-sender';

/** The parts of one service, made once per data folder. */
export interface ComposedService {
  /** The core records, the change feed, files and the database connection. */
  store: ServiceStore;
  /** The areas' repositories over the same connection. */
  repos: ServiceRepos;
  /** The areas, in the order their tables are created and their demo data is seeded. */
  areas: readonly ServiceArea[];
  /** The background sender of campaigns; not started here (see `startService`). */
  campaignSender: CampaignSender;
}

/**
 * Opens (creating when missing) the service data in `dataDir` with the tables of every area
 * (`./areas/index.ts`) and makes the areas' repositories and the campaign sender. Throws when the
 * database cannot be opened (e.g. one written by a newer schema version); the database is closed then.
 */
export function composeService(dataDir: string): ComposedService {
  const areas = serviceAreas;
  const store = new ServiceStore(dataDir, areas.map((area) => area.ddl).join('\n'));
  try {
    const repos = createRepos(store);
    return { store, repos, areas, campaignSender: new CampaignSender(store, repos.campaigns) };
  } catch (error) {
    store.close();
    throw error;
  }
}

/** Makes every area repository over the store's connection (their tables must exist). */
function createRepos(store: ServiceStore): ServiceRepos {
  const { db, feed } = store;
  const ajv = sharedContractAjv(loadContract().contract);
  return {
    audit: new AuditRepo(db),
    permissions: new PermissionRepo(db, feed, ajv),
    sessions: new SessionRepo(db),
    contactSettings: new ContactSettingsRepo(db, ajv),
    contactQueries: new ContactQueryRepo(db, feed, ajv),
    avatarImages: new AvatarImageRepo(db),
    documentLinks: new DocumentLinkRepo(db),
    calendarRecipients: new CalendarRecipientRows(db),
    campaigns: new CampaignRepo(db, feed, ajv),
    branches: new BranchRepo(db, feed, ajv),
    deals: new DealRepo(db, feed, ajv),
    rebates: new RebateRepo(db, feed, ajv),
    groups: new GroupRepo(db, feed, ajv),
    spend: new SpendRepo(db, feed, ajv),
    cmt: new CmtRepo(db, feed, ajv),
    emails: new EmailRepo(db, feed, ajv),
    pim: new PimRepo(db, feed, ajv),
    comments: new CommentRepo(db, feed, ajv),
    stories: new StoryRepo(db, feed, ajv),
    feedItems: new FeedItemRepo(db),
    documentSummaries: new DocumentSummaryCache(db),
  };
}
