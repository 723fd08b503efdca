/**
 * Demo blog stories: company news, published over the last months (two pinned), and a few drafts
 * of the demo user and colleagues. Publishing adds their feed items.
 */
import type { Faker } from '@faker-js/faker';
import type { ServiceRepos } from '../db/service-repos';
import type { ServiceStore } from '../db/store';
import { saveStory } from '../operations/blog';
import type { DemoPeople } from './people';
import { pastIso } from './people';
import { products } from './vocabulary';

/** Title, summary and tags of each story; `{product}` is filled in. */
const specs: Array<[string, string, string[]]> = [
  ['New plant in Asheville opens in May', 'Production of {product} moves to the new plant.', ['company', 'production']],
  ['Price list 2026 is out', 'New prices apply to orders from the first of next month.', ['sales', 'pricing']],
  ['Meet us at the Hannover trade fair', 'Hall 14, booth B22: live demos of the {product}.', ['events', 'marketing']],
  [
    'Record quarter for service contracts',
    'Service revenue grew 18 % over the same quarter last year.',
    ['company', 'results'],
  ],
  ['{product}: second generation launched', 'Lower energy use and a new control panel.', ['product', 'launch']],
  ['Welcome to our new colleagues', 'Five people joined sales and field service this month.', ['people']],
  ['Shorter lead times for spare parts', 'Most spare parts now ship within 48 hours.', ['service', 'logistics']],
  ['Customer day recap', 'Over 120 guests visited the factory and the training center.', ['events', 'customers']],
  [
    'Safety first: new training schedule',
    'Every field technician completes the refresher by June.',
    ['safety', 'people'],
  ],
  [
    'CRM tips: keep your contacts current',
    'Archive contacts who left, and add new buyers right away.',
    ['tips', 'crm'],
  ],
  [
    'Partnership with a logistics provider',
    'Deliveries across Europe get tracking end to end.',
    ['logistics', 'partners'],
  ],
  ['Quality award for the {product} line', 'An independent jury rated the line best in class.', ['product', 'awards']],
  ['Holiday schedule', 'The plant closes between Christmas and New Year; service stays on call.', ['company']],
  ['Sustainability report published', 'Energy use per unit produced fell by 11 %.', ['sustainability', 'company']],
  [
    'How we handle document approvals',
    'Drafts, approval requests and what happens after a rejection.',
    ['tips', 'documents'],
  ],
  ['Campaign results: spring mailing', 'Open rates were highest for the {product} offer.', ['marketing', 'results']],
  ['Draft: autumn product roadmap', 'What ships in the second half of the year.', ['product', 'roadmap']],
  ['Draft: new commission model', 'Proposal for the sales commission model from next year.', ['sales']],
  ['Draft: customer portal preview', 'Customers will see orders and documents online.', ['product', 'customers']],
  ['Draft: field service tablet rollout', 'Every technician gets a tablet with the service app.', ['service']],
];

function paragraphs(f: Faker, summary: string, product: string): string {
  const sentences = () =>
    Array.from(
      { length: f.number.int({ min: 2, max: 4 }) },
      () => `${f.company.catchPhrase()} for the ${product}, ${f.company.buzzPhrase()}.`,
    ).join(' ');
  return [
    summary,
    `## What changes\n\n${sentences()}`,
    `## What it means for you\n\n- ${f.company.catchPhrase()}\n- ${f.company.catchPhrase()}\n\n${sentences()}`,
    `Questions? Ask ${f.person.firstName()} in the ${f.helpers.arrayElement(['sales', 'service', 'marketing'])} team.`,
  ].join('\n\n');
}

/** Creates the demo stories (drafts are the specs whose title starts with `Draft:`). */
export function seedStories(
  store: ServiceStore,
  repos: Pick<ServiceRepos, 'stories' | 'feedItems'>,
  f: Faker,
  now: number,
  people: DemoPeople,
): void {
  const authors = [people.demoUser, ...people.employees.filter((e) => e.id !== people.demoUser.id).slice(0, 5)];
  const dated = specs.map((spec) => ({ spec, at: pastIso(f, now, 1, 200) })).sort((a, b) => a.at.localeCompare(b.at));
  for (const { spec, at } of dated) {
    const [rawTitle, rawSummary, tags] = spec;
    const product = f.helpers.arrayElement(products);
    const draft = rawTitle.startsWith('Draft: ');
    const title = rawTitle.replace('Draft: ', '').replace('{product}', product);
    const summary = rawSummary.replace('{product}', product);
    const author = draft || f.number.int(2) === 0 ? people.demoUser : f.helpers.arrayElement(authors);
    saveStory(
      store,
      repos,
      author.id,
      {
        title,
        slug: title
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')
          .slice(0, 120)
          .replace(/-$/, ''),
        summary,
        body: paragraphs(f, summary, product),
        state: draft ? 'draft' : 'published',
        tags,
        pinned: title.startsWith('New plant') || title.startsWith('Holiday'),
      },
      { at },
    );
  }
}
