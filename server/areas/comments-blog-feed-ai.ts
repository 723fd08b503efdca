/** The comments-blog-feed-ai area of the service (see `./area.ts`). */
import type { ServiceArea } from './area';

/** Tables, handlers and demo data of the comments-blog-feed-ai area. */
export const commentsBlogFeedAiArea: ServiceArea = {
  name: 'comments-blog-feed-ai',
  ddl: '',
  handlers: () => ({}),
  seed: () => {},
};
