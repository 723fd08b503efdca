/**
 * The comments-blog-feed-ai area of the service (see `./area.ts`): comments on records with
 * attachments (Comment), blog stories (Blog), the activity feed (Feed) and document summaries
 * ("Open ai"). Other areas add feed items with `recordFeedItem` (server/db/feed-items.ts).
 */
import { CommentRepo, commentsDdl } from '../db/comments';
import { documentSummariesDdl } from '../db/document-summaries';
import { feedItemsDdl } from '../db/feed-items';
import { StoryRepo, storiesDdl } from '../db/stories';
import type { ServiceStore } from '../db/store';
import { sharedContractAjv } from '../contract/ajv';
import { loadContract } from '../contract/spec';
import { seedComments } from '../demo/comments';
import { seedDocumentDecisions } from '../demo/feed';
import { seedStories } from '../demo/stories';
import { blogHandlers } from '../operations/blog';
import { commentHandlers } from '../operations/comments';
import { feedHandlers } from '../operations/feed';
import { summaryHandlers } from '../operations/summaries';
import type { ServiceArea } from './area';

const repos = new WeakMap<ServiceStore, { comments: CommentRepo; stories: StoryRepo }>();

/** The area's repositories over a store (made once per store). */
function reposOf(store: ServiceStore): { comments: CommentRepo; stories: StoryRepo } {
  let r = repos.get(store);
  if (!r) {
    const ajv = sharedContractAjv(loadContract().contract);
    r = { comments: new CommentRepo(store.db, store.feed, ajv), stories: new StoryRepo(store.db, store.feed, ajv) };
    repos.set(store, r);
  }
  return r;
}

/** Tables, handlers and demo data of the comments-blog-feed-ai area. */
export const commentsBlogFeedAiArea: ServiceArea = {
  name: 'comments-blog-feed-ai',
  ddl: [commentsDdl, storiesDdl, feedItemsDdl, documentSummariesDdl].join('\n'),
  handlers: (deps) => {
    const { comments, stories } = reposOf(deps.store);
    return {
      ...commentHandlers(deps, comments),
      ...blogHandlers(deps, stories),
      ...feedHandlers(deps),
      ...summaryHandlers(deps),
    };
  },
  seed: async ({ store, f, now, people }) => {
    const { comments, stories } = reposOf(store);
    seedStories(store, stories, f, now, people);
    seedDocumentDecisions(store, f, now, people, 40);
    await seedComments(store, comments, f, now, people, 150);
  },
};
