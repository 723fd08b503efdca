/**
 * Demo comments on documents, contacts, companies, calendar events, campaigns and deals, by the demo user and
 * colleagues, some with small attachments (notes and pictures); each adds its feed item.
 */
import type { Faker } from '@faker-js/faker';
import type { CommentResourceType } from '../db/commentable';
import type { CommentAttachment } from '../db/comments';
import type { ServiceStore } from '../db/store';
import { contentTypeOf } from '../files/content-type';
import { addCommentTo, type CommentWriteRepos } from '../operations/comments';
import { makePng, makeText } from './files';
import type { DemoPeople } from './people';
import { pastIso } from './people';
import { products } from './vocabulary';

/** Comment texts by kind of record; `{product}` and `{phrase}` are filled in. */
const texts: Record<CommentResourceType, string[]> = {
  document: [
    'Prices on page 2 match the current list. Ready for approval from my side.',
    'Please check the payment terms: the customer asked for 60 days instead of 30.',
    'I updated the delivery schedule for the {product}; lead time is now 8 weeks.',
    'Legal reviewed this version. Only the liability clause needs a second look.',
    'Can we add the service package for the {product} as an option?',
    'The customer signed the previous version; this one only fixes typos.',
    'Attached the photos from the site visit for reference.',
    'Discount is above 15 %, so this needs a manager approval.',
  ],
  contact: [
    'Met at the trade fair; interested in the {product}. Follow up next month.',
    'Prefers e-mail over phone calls. Best reached in the morning.',
    'New purchasing contact since March; replaces the former buyer.',
    'Asked for a quote on spare parts. Sent the price list.',
    'Mentioned a budget round in Q3: {phrase}.',
  ],
  company: [
    'Framework agreement renewed for two years.',
    'They are evaluating a competitor for the {product}; we should visit soon.',
    'Credit limit raised after the last review.',
    'Plant expansion planned next year: good opportunity for the {product}.',
    'Invoices go to the new address in the billing system from now on.',
  ],
  calendarEvent: [
    'Agenda sent to all participants. Please bring the latest price list.',
    'Moved to the larger meeting room; we expect eight people.',
    'Minutes: agreed on a pilot order of the {product}.',
    'Customer asked to add a factory tour after the meeting.',
  ],
  campaign: [
    'Subject line tested well with the sales team.',
    'Please exclude customers with open service tickets from this mailing.',
    'Can we add the {product} offer as a second block?',
  ],
  deal: [
    'Customer wants delivery before the end of the quarter.',
    'Competitor offered a lower price; we compete on service and lead time.',
    'Technical questions answered; waiting for the purchase order.',
    'Budget approved on their side for the {product}.',
  ],
};

/** Creates `count` comments (about a tenth with one or two attachments), oldest first. */
export async function seedComments(
  store: ServiceStore,
  repos: CommentWriteRepos,
  f: Faker,
  now: number,
  people: DemoPeople,
  count: number,
): Promise<void> {
  const exists = (table: string) =>
    store.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;
  const ids = (table: string, limit: number) =>
    exists(table)
      ? (store.db.prepare(`SELECT id FROM ${table} ORDER BY rowid LIMIT ?`).pluck().all(limit) as string[])
      : [];
  const targets: Record<keyof typeof texts, string[]> = {
    document: ids('documents', 60),
    contact: [...people.contactsByCompany.values()]
      .flat()
      .slice(0, 40)
      .map((c) => c.id),
    company: people.companies.slice(0, 30).map((c) => c.id),
    calendarEvent: ids('calendar_events', 30),
    campaign: ids('campaigns', 20),
    deal: ids('deals', 30),
  };
  const kinds = (Object.keys(texts) as Array<keyof typeof texts>).filter((k) => targets[k].length > 0);
  const authors = [people.demoUser, ...people.employees.filter((e) => e.id !== people.demoUser.id)];
  const times = Array.from({ length: count }, () => pastIso(f, now, 0, 120)).sort();
  const writes: Promise<void>[] = [];
  for (const at of times) {
    const kind = f.helpers.weightedArrayElement(kinds.map((k) => ({ value: k, weight: k === 'document' ? 4 : 2 })));
    const text = f.helpers
      .arrayElement(texts[kind])
      .replace('{product}', f.helpers.arrayElement(products))
      .replace('{phrase}', f.company.buzzPhrase());
    const author = f.number.int(9) < 4 ? people.demoUser : f.helpers.arrayElement(authors);
    const mentions = f.number.int(9) === 0 ? [f.helpers.arrayElement(authors).id] : [];
    const comment = addCommentTo(
      store,
      repos,
      {
        resourceType: kind,
        resourceId: f.helpers.arrayElement(targets[kind]),
        text,
        mentions: mentions.filter((m) => m !== author.id),
        authorId: author.id,
      },
      { at },
    );
    if (f.number.int(9) !== 0) continue;
    const attachments: CommentAttachment[] = [];
    for (let i = f.number.int({ min: 1, max: 2 }); i > 0; i--) {
      const picture = f.datatype.boolean();
      const fileName = picture ? `site-visit-${f.number.int({ min: 1, max: 99 })}.png` : 'notes.txt';
      const bytes = picture
        ? makePng(120, 80, () => f.number.float({ min: 0, max: 1 }))
        : makeText([text, '', ...Array.from({ length: 3 }, () => `- ${f.company.catchPhrase()}`)]);
      const id = f.string.uuid();
      const file = store.files.writeFile(id, bytes);
      writes.push(file.written);
      const { size, sha256 } = file.digest; // a CommentAttachment has no crc32
      attachments.push({ id, fileName, contentType: contentTypeOf(fileName), size, sha256, createdAt: at });
    }
    const { id, version: _v, createdAt: _c, updatedAt: _u, ...body } = comment;
    repos.comments.save(id, { ...body, attachments }, { updatedAt: at });
  }
  await Promise.all(writes);
}
