/**
 * Demo feed items for document decisions made before the audit records began: approvals and
 * rejections of demo documents in state `approved` or `rejected`, by managers among the colleagues.
 */
import type { Faker } from '@faker-js/faker';
import type { DocumentRecord } from '../db/documents';
import type { FeedItemRepo } from '../db/feed-items';
import type { ServiceStore } from '../db/store';
import type { DemoPeople } from './people';
import { pastIso } from './people';

/** Records a decision item for up to `count` decided demo documents. */
export function seedDocumentDecisions(
  store: ServiceStore,
  feedItems: FeedItemRepo,
  f: Faker,
  now: number,
  people: DemoPeople,
  count: number,
): void {
  const decided = (
    store.db
      .prepare("SELECT data FROM documents WHERE json_extract(data, '$.state') IN ('approved', 'rejected') LIMIT ?")
      .pluck()
      .all(count) as string[]
  ).map((json) => JSON.parse(json) as DocumentRecord);
  for (const document of decided) {
    const approved = document.state === 'approved';
    const actor = f.helpers.arrayElement(people.employees);
    feedItems.record({
      id: f.string.uuid(),
      kind: approved ? 'documentApproved' : 'documentRejected',
      actorId: actor.id,
      title: document.title,
      summary: approved
        ? `${actor.firstName} ${actor.lastName} approved ${document.name}.`
        : `${actor.firstName} ${actor.lastName} rejected ${document.name}: ${f.helpers.arrayElement([
            'please revise the prices',
            'the payment terms are missing',
            'use the current template',
          ])}.`,
      resourceType: 'document',
      resourceId: document.id,
      occurredAt: pastIso(f, now, 0, 90),
    });
  }
}
