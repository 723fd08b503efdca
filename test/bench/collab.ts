/**
 * Collaboration views benchmark (docs/PERFORMANCE.md): the core calls behind the service's search,
 * the listing checks, document thumbnails and the in-app preview, against the reference service in
 * its own process with the default demo set (the embedded scale), the core signed in and idle (its
 * feed request held, as between runs). Each figure is over 20 runs (p50, p95, max):
 * - `contacts.searchService`, `companies.searchService`, `documents.searchService` with 3–6 letter
 *   queries cut from names and titles the cache holds (preload/contract/service-search.ts);
 * - `calendar.checkRange` for this month, `notifications.checkList`, `documents.checkFolder` of the
 *   folder with the most documents (preload/contract/listing-checks.ts);
 * - `documents.thumbnail` at 64 px, the first time per document (cold) and the second (warm), and
 *   the bytes of a 64 px and a 256 px picture (preload/contract/document-thumbnails.ts);
 * - `documents.preview` of a PDF, the first time (from the service) and the second (kept)
 *   (preload/contract/document-preview.ts).
 */
import { join } from 'node:path';
import { faker } from '@faker-js/faker';
import type { Core } from '../../main/core/platform';
import { hasThumbnail, thumbnailSizes } from '../../preload/contract/document-thumbnails';
import type { DocumentRow } from '../../preload/contract/documents';
import { createTestPlatform, signInDemo, startTestCore, waitForIdle } from '../helpers/core-harness';
import type { Report } from './renderer';
import { startServiceProcess } from './service-process';
import { ms, quantile, spread, timed } from './stats';

const runs = 20;

/** Times `call` once per item of `inputs`, in order; `check` throws when an answer is not the expected kind. */
async function timeEach<I, R>(
  inputs: readonly I[],
  call: (input: I) => Promise<R>,
  check: (answer: R, input: I) => void,
): Promise<{ times: number[]; answers: R[] }> {
  const times: number[] = [];
  const answers: R[] = [];
  for (const input of inputs) {
    const { value, ms: t } = await timed(() => call(input));
    check(value, input);
    times.push(t);
    answers.push(value);
  }
  return { times, answers };
}

/** `runs` search texts of 3–6 letters, each cut at random from a word (of 3 letters or more) of a random text of `texts`. */
function queriesFrom(texts: readonly string[]): string[] {
  const words = texts.flatMap((text) => text.split(/[^\p{L}]+/u).filter((word) => word.length >= 3));
  if (words.length === 0) throw new Error('The cache holds no word to search for.');
  return Array.from({ length: runs }, () => {
    const word = faker.helpers.arrayElement(words);
    const length = Math.min(word.length, faker.number.int({ min: 3, max: 6 }));
    const start = faker.number.int({ min: 0, max: word.length - length });
    return word.slice(start, start + length).toLowerCase();
  });
}

/** Throws unless a service search was answered. */
function answered(answer: { state: string }, query: string): void {
  if (answer.state !== 'answered')
    throw new Error(`The service search for "${query}" was not answered: ${JSON.stringify(answer)}`);
}

/** Throws unless a listing check reached the service. */
function checked(answer: { outcome: string }): void {
  if (answer.outcome !== 'checked') throw new Error(`A listing check was not made: ${JSON.stringify(answer)}`);
}

/** Every document the cache holds, folder by folder. */
async function allDocuments(core: Core): Promise<DocumentRow[]> {
  const documents: DocumentRow[] = [];
  for (const folder of await core.handlers['documents.listFolders']({})) {
    for (let offset = 0; offset < folder.documentCount; offset += 500) {
      const { rows } = await core.handlers['documents.list']({ folderId: folder.id, query: '', offset, limit: 500 });
      documents.push(...rows);
    }
  }
  return documents;
}

/** Bytes of the picture in a `data:` URL (base64, RFC 2397). */
function dataUrlBytes(dataUrl: string | null): number {
  if (dataUrl === null) throw new Error('A document with a thumbnail type answered no thumbnail.');
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64').length;
}

/** The search, listing check, thumbnail and preview figures against `core` (signed in, idle). */
async function measure(core: Core, report: Report): Promise<void> {
  const contacts = (await core.handlers['contacts.list']({ offset: 0, limit: 500 })).rows;
  const contactQueries = queriesFrom(contacts.flatMap((c) => [c.firstName, c.lastName]));
  const contactSearch = await timeEach(contactQueries, (q) => core.handlers['contacts.searchService']({ q }), answered);
  report(
    `collab: contacts.searchService (${runs} queries: ${contactQueries.slice(0, 5).join(', ')}, …)`,
    spread(contactSearch.times),
  );

  const companies = (await core.handlers['companies.list']({ offset: 0, limit: 500 })).rows;
  const companyQueries = queriesFrom(companies.map((c) => c.name));
  const companySearch = await timeEach(
    companyQueries,
    (q) => core.handlers['companies.searchService']({ q }),
    answered,
  );
  report(
    `collab: companies.searchService (${runs} queries: ${companyQueries.slice(0, 5).join(', ')}, …)`,
    spread(companySearch.times),
  );

  const documents = await allDocuments(core);
  const documentQueries = queriesFrom(documents.map((d) => d.title ?? d.name));
  const documentSearch = await timeEach(
    documentQueries,
    (q) => core.handlers['documents.searchService']({ q }),
    answered,
  );
  report(
    `collab: documents.searchService (${runs} queries: ${documentQueries.slice(0, 5).join(', ')}, …)`,
    spread(documentSearch.times),
  );

  const now = new Date();
  const month = {
    from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
    to: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
  };
  const sameInput = <T>(input: T) => Array.from({ length: runs }, () => input);
  const range = await timeEach(sameInput(month), (input) => core.handlers['calendar.checkRange'](input), checked);
  const listedIn = (answer: (typeof range.answers)[number]) => (answer.outcome === 'checked' ? answer.listed : 0);
  report(`collab: calendar.checkRange, this month (${listedIn(range.answers[0])} events)`, spread(range.times));
  const list = await timeEach(sameInput({}), (input) => core.handlers['notifications.checkList'](input), checked);
  report(`collab: notifications.checkList (${listedIn(list.answers[0])} notifications)`, spread(list.times));
  const folders = await core.handlers['documents.listFolders']({});
  const largest = folders.reduce((a, b) => (b.documentCount > a.documentCount ? b : a));
  const folder = await timeEach(
    sameInput({ folderId: largest.id }),
    (input) => core.handlers['documents.checkFolder'](input),
    checked,
  );
  report(
    `collab: documents.checkFolder, the largest folder (${largest.documentCount} documents, ${listedIn(folder.answers[0])} listed)`,
    spread(folder.times),
  );

  const pictured = faker.helpers.shuffle(documents.filter((d) => hasThumbnail(d.contentType))).slice(0, runs);
  if (pictured.length < runs)
    throw new Error(`The demo set has ${pictured.length} documents with a thumbnail; the part needs ${runs}.`);
  const kinds = [...new Set(pictured.map((d) => d.contentType))].map(
    (type) => `${pictured.filter((d) => d.contentType === type).length} ${type}`,
  );
  const thumbnail = (size: number) => (d: DocumentRow) => core.handlers['documents.thumbnail']({ id: d.id, size });
  const hasPicture = (answer: { dataUrl: string | null }) => void dataUrlBytes(answer.dataUrl);
  const cold = await timeEach(pictured, thumbnail(thumbnailSizes.row), hasPicture);
  report(`collab: documents.thumbnail ${thumbnailSizes.row} px, cold (${kinds.join(', ')})`, spread(cold.times));
  const warm = await timeEach(pictured, thumbnail(thumbnailSizes.row), hasPicture);
  report(`collab: documents.thumbnail ${thumbnailSizes.row} px, warm`, spread(warm.times));
  const card = await timeEach(pictured, thumbnail(thumbnailSizes.card), hasPicture);
  const bytes = (answers: { dataUrl: string | null }[]) =>
    quantile(
      answers.map((a) => dataUrlBytes(a.dataUrl)),
      0.5,
    );
  report(
    'collab: thumbnail bytes (median)',
    `${thumbnailSizes.row} px: ${bytes(warm.answers)} bytes; ${thumbnailSizes.card} px: ${bytes(card.answers)} bytes (256 px cold: ${spread(card.times)})`,
  );

  const pdfs = faker.helpers.shuffle(documents.filter((d) => d.contentType === 'application/pdf')).slice(0, runs);
  if (pdfs.length < runs) throw new Error(`The demo set has ${pdfs.length} PDFs; the part needs ${runs}.`);
  const preview = (source: string) => (answer: { source: string | null; refusal: string | null }, d: DocumentRow) => {
    if (answer.source !== source)
      throw new Error(`The preview of ${d.name} came from ${answer.source} (${answer.refusal}), not ${source}.`);
  };
  const first = await timeEach(pdfs, (d) => core.handlers['documents.preview']({ id: d.id }), preview('service'));
  const sizes = first.answers.map((a) => a.size);
  report(
    `collab: documents.preview of a PDF, cold (from the service; ${Math.min(...sizes)}–${Math.max(...sizes)} bytes)`,
    spread(first.times),
  );
  const again = await timeEach(pdfs, (d) => core.handlers['documents.preview']({ id: d.id }), preview('kept'));
  report('collab: documents.preview of a PDF, warm (kept)', spread(again.times));
}

/** Runs the collaboration views benchmark in `workDir` and reports its figures. Throws when a call does not answer as expected. */
export async function benchCollab({ workDir, report }: { workDir: string; report: Report }): Promise<void> {
  faker.seed(20261124);
  const service = await startServiceProcess({ dataDir: join(workDir, 'service') });
  report('collab: default demo set seeded', ms(service.seedMs));
  const core = await startTestCore(join(workDir, 'core'), createTestPlatform(), { syncIntervalMs: 3_600_000 });
  try {
    await signInDemo(core, service);
    await waitForIdle(core, 300_000);
    await measure(core, report);
  } finally {
    await core.stop();
    await service.stop();
  }
}
