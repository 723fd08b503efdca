/**
 * Business prose for the demo documents' bodies: sentences a sales team would write in offers,
 * contracts and press releases, filled from the demo vocabulary, so document text (and its summary)
 * reads like the real thing.
 */
import type { Faker } from '@faker-js/faker';

const templates: Array<(v: ProseContext, f: Faker) => string> = [
  (v) => `${v.company} plans to replace its existing equipment with ${v.product} at two sites.`,
  (v, f) =>
    `The offer covers ${f.number.int({ min: 2, max: 40 })} units of ${v.product} with installation and training.`,
  (_v, f) => `Prices are valid for ${f.helpers.arrayElement([30, 60, 90])} days and exclude value-added tax.`,
  (_v, f) => `Delivery takes ${f.number.int({ min: 2, max: 12 })} weeks from the signed order.`,
  (_v, f) => `Payment is due within ${f.helpers.arrayElement([14, 30, 45, 60])} days of the invoice date.`,
  (v) => `Blue Ridge Manufacturing provides spare parts for ${v.product} for at least ten years.`,
  (_v, f) =>
    `A volume discount of ${f.number.int({ min: 2, max: 12 })} percent applies to orders above the agreed threshold.`,
  (v) => `Maintenance visits for ${v.product} are scheduled twice a year and reported within five working days.`,
  (v) => `${v.company} names one contact person for technical questions and one for purchasing.`,
  (_v, f) => `The warranty lasts ${f.helpers.arrayElement([12, 24, 36])} months and covers parts and labour.`,
  () => `Either party may end the agreement with three months' notice at the end of a quarter.`,
  (v, f) =>
    `Energy use of ${v.product} fell by ${f.number.int({ min: 8, max: 30 })} percent in last year's field tests.`,
  (v) => `Training for ${v.company}'s operators takes place on site in the week of commissioning.`,
  () => `Changes to the scope are agreed in writing and priced at the rates of the current price list.`,
  (v) => `Our service team answers ${v.company}'s support calls on working days from 7 am to 7 pm.`,
  () => `Both parties treat prices and technical drawings in this document as confidential.`,
];

/** What the sentences talk about: the customer's name and a product. */
export interface ProseContext {
  company: string;
  product: string;
}

/**
 * `paragraphs` paragraphs of `sentences` business sentences each about `ctx`, no sentence used twice
 * in one document (deterministic for a seeded faker). Fewer sentences when the templates run out.
 */
export function businessParagraphs(f: Faker, ctx: ProseContext, paragraphs: number, sentences: number): string[] {
  const picked = f.helpers.shuffle([...templates]).map((make) => make(ctx, f));
  return Array.from({ length: paragraphs }, (_, i) =>
    picked.slice(i * sentences, (i + 1) * sentences).join(' '),
  ).filter((p) => p.length > 0);
}
