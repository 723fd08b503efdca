/**
 * The comments-blog-feed-ai area of the service (see `./area.ts`): comments on records with
 * attachments (Comment), blog stories (Blog), the activity feed (Feed) and document summaries
 * ("Open ai"). Other areas add feed items with `FeedItemRepo.record` (server/db/feed-items.ts).
 */
import { commentsDdl } from '../db/comments';
import { documentSummariesDdl } from '../db/document-summaries';
import { feedItemsDdl } from '../db/feed-items';
import { storiesDdl } from '../db/stories';
import { seedComments } from '../demo/comments';
import { seedDocumentDecisions } from '../demo/feed';
import { seedStories } from '../demo/stories';
import { blogHandlers } from '../operations/blog';
import { commentHandlers } from '../operations/comments';
import { feedHandlers } from '../operations/feed';
import { summaryHandlers } from '../operations/summaries';
import type { ServiceArea } from './area';

/** Tables, handlers and demo data of the comments-blog-feed-ai area. */
export const commentsBlogFeedAiArea: ServiceArea = {
  name: 'comments-blog-feed-ai',
  ddl: [commentsDdl, storiesDdl, feedItemsDdl, documentSummariesDdl].join('\n'),
  handlers: (deps) => ({
    ...commentHandlers(deps),
    ...blogHandlers(deps),
    ...feedHandlers(deps),
    ...summaryHandlers(deps),
  }),
  seed: async ({ store, repos, f, now, people }) => {
    seedStories(store, repos, f, now, people);
    seedDocumentDecisions(store, repos.feedItems, f, now, people, 40);
    await seedComments(store, repos, f, now, people, 150);
  },
};
