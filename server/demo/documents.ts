/**
 * The demo folder tree and documents with real files: contracts and proposals as PDFs, price lists
 * as CSV and PDF, photos as PNG, notes as text. Beyond the first 300 documents (large benchmark
 * sets), files are hard links to earlier ones of the same kind, to keep seeding fast.
 */
import { businessParagraphs } from './prose';
import { link } from 'node:fs/promises';
import type { Faker } from '@faker-js/faker';
import type { DocumentRecord, Folder } from '../db/documents';
import type { ServiceStore } from '../db/store';
import type { ContentDigest } from '../files/content-digest';
import { contentTypeOf } from '../files/content-type';
import { makeCsv, makePdf, makePng, makeText } from './files';
import type { DemoPeople } from './people';
import { pastIso } from './people';
import { products } from './vocabulary';

type Kind =
  | 'contract'
  | 'proposal'
  | 'priceList'
  | 'brochure'
  | 'campaign'
  | 'productSheet'
  | 'photo'
  | 'template'
  | 'notes';

/** The folder tree: name, kind of documents it holds (none for pure parents), children. */
interface FolderSpec {
  name: string;
  kind?: Kind;
  weight?: number;
  children?: FolderSpec[];
}

const tree: FolderSpec[] = [
  {
    name: 'Contracts',
    children: [
      { name: '2025', kind: 'contract', weight: 3 },
      { name: '2026', kind: 'contract', weight: 4 },
    ],
  },
  { name: 'Proposals', kind: 'proposal', weight: 4, children: [{ name: 'Archive', kind: 'proposal', weight: 2 }] },
  { name: 'Price lists', kind: 'priceList', weight: 2 },
  {
    name: 'Marketing',
    children: [
      { name: 'Brochures', kind: 'brochure', weight: 2 },
      { name: 'Campaigns', kind: 'campaign', weight: 2 },
    ],
  },
  { name: 'Product sheets', kind: 'productSheet', weight: 3 },
  {
    name: 'Photos',
    children: [
      { name: 'Trade fair 2026', kind: 'photo', weight: 2 },
      { name: 'Products', kind: 'photo', weight: 2 },
    ],
  },
  { name: 'Templates', kind: 'template', weight: 1 },
  { name: 'Meeting notes', kind: 'notes', weight: 2 },
];

const uniqueFiles = 300;

/** Creates the folder tree (root "Documents") and `count` documents with their files. */
export async function seedDocuments(
  store: ServiceStore,
  f: Faker,
  now: number,
  people: DemoPeople,
  count: number,
): Promise<void> {
  const created = pastIso(f, now, 600, 700);
  const root = store.documents.saveFolder(
    f.string.uuid(),
    { parentId: null, name: 'Documents', ownerId: null },
    { createdAt: created, updatedAt: created },
  );
  const leaves: Array<{ folder: Folder; kind: Kind; weight: number }> = [];
  const addFolders = (specs: FolderSpec[], parent: Folder) => {
    for (const spec of specs) {
      const folder = store.documents.saveFolder(
        f.string.uuid(),
        { parentId: parent.id, name: spec.name, ownerId: people.demoUser.id },
        { createdAt: created, updatedAt: created },
      );
      if (spec.kind) leaves.push({ folder, kind: spec.kind, weight: spec.weight ?? 1 });
      if (spec.children) addFolders(spec.children, folder);
    }
  };
  addFolders(tree, root);

  const companies = people.companies.length ? people.companies : [people.owner];
  const firstOfKind = new Map<string, string[]>();
  const used = new Set<string>();
  const writes: Promise<void>[] = [];
  const track = (write: Promise<void>) => {
    write.catch(() => undefined); // handled by the Promise.all below; avoids an early unhandled rejection
    writes.push(write);
  };
  for (let i = 0; i < count; i++) {
    if (i === uniqueFiles) await Promise.all(writes); // hard links below need their sources on disk
    const { folder, kind } = f.helpers.weightedArrayElement(leaves.map((l) => ({ value: l, weight: l.weight })));
    const company = f.helpers.arrayElement(companies).name;
    const product = f.helpers.arrayElement(products);
    const createdAt = pastIso(f, now, 1, 500);
    const { title, ext } = describe(kind, company, product, f, createdAt);
    let name = `${title.replace(/[\\/:*?"<>|]/g, '-')}.${ext}`;
    for (let n = 2; used.has(`${folder.id}/${name}`); n++) name = `${title} (${n}).${ext}`;
    used.add(`${folder.id}/${name}`);
    const id = f.string.uuid();
    const pool = firstOfKind.get(ext) ?? [];
    let digest: ContentDigest;
    if (i < uniqueFiles || pool.length === 0) {
      const file = store.files.writeFile(id, await content(kind, ext, title, company, product, f, createdAt));
      track(file.written);
      digest = file.digest;
      pool.push(id);
      firstOfKind.set(ext, pool);
    } else {
      const source = f.helpers.arrayElement(pool);
      track(link(store.files.path(source), store.files.path(id)));
      const record = store.documents.get(source) as DocumentRecord;
      digest = { size: record.size, sha256: record.sha256, crc32: record.crc32 };
    }
    store.documents.save(
      id,
      {
        folderId: folder.id,
        name,
        title,
        contentType: contentTypeOf(name),
        size: digest.size,
        sha256: digest.sha256,
        crc32: digest.crc32,
        state: f.helpers.weightedArrayElement([
          { value: 'approved' as const, weight: 6 },
          { value: 'draft' as const, weight: 2 },
          { value: 'pendingApproval' as const, weight: 2 },
          { value: 'rejected' as const, weight: 1 },
        ]),
        ownerId: f.number.int(9) < 6 ? people.demoUser.id : f.helpers.arrayElement(people.employees).id,
        approval: null,
      },
      { createdAt, updatedAt: createdAt },
    );
  }
  await Promise.all(writes);
}

function describe(
  kind: Kind,
  company: string,
  product: string,
  f: Faker,
  createdAt: string,
): { title: string; ext: string } {
  const month = createdAt.slice(0, 7);
  switch (kind) {
    case 'contract':
      return { title: `Supply agreement - ${company} - ${month}`, ext: 'pdf' };
    case 'proposal':
      return { title: `Proposal ${product} for ${company}`, ext: 'pdf' };
    case 'priceList':
      return f.number.int(1) === 0
        ? { title: `Price list ${month}`, ext: 'csv' }
        : { title: `Price list ${month} (print)`, ext: 'pdf' };
    case 'brochure':
      return { title: `${product} brochure`, ext: 'pdf' };
    case 'campaign':
      return f.number.int(2) === 0
        ? { title: `Campaign banner ${month}`, ext: 'png' }
        : { title: `Campaign plan ${month}`, ext: 'pdf' };
    case 'productSheet':
      return { title: `${product} - product sheet`, ext: 'pdf' };
    case 'photo':
      return {
        title: `${f.helpers.arrayElement(['Booth', 'Installation', 'Product shot', 'Team', 'Factory floor'])} ${f.number.int({ min: 1, max: 999 })}`,
        ext: 'png',
      };
    case 'template':
      return f.number.int(1) === 0
        ? { title: `Template - ${f.helpers.arrayElement(['Offer letter', 'Visit report', 'Quote'])}`, ext: 'txt' }
        : { title: 'Template - Quote', ext: 'pdf' };
    case 'notes':
      return { title: `Meeting notes ${company} ${createdAt.slice(0, 10)}`, ext: 'txt' };
  }
}

async function content(
  kind: Kind,
  ext: string,
  title: string,
  company: string,
  product: string,
  f: Faker,
  createdAt: string,
): Promise<Uint8Array> {
  if (ext === 'png') return makePng(400, 260, () => f.number.float({ min: 0, max: 1 }));
  if (ext === 'csv') {
    return makeCsv([
      ['SKU', 'Product', 'Unit price (USD)', 'Lead time (weeks)'],
      ...products.map((p, i) => [
        `BRM-${1000 + i}`,
        p,
        f.number.int({ min: 900, max: 250_000 }),
        f.number.int({ min: 1, max: 16 }),
      ]),
    ]);
  }
  if (ext === 'txt') {
    return makeText([
      title,
      '',
      `Date: ${createdAt.slice(0, 10)}`,
      `With: ${company}`,
      '',
      ...Array.from({ length: 5 }, () => `- ${f.company.buzzPhrase()}`),
      '',
      `Next step: ${f.company.catchPhrase()}.`,
    ]);
  }
  const paragraphs = [
    kind === 'contract'
      ? `This agreement is made between Blue Ridge Manufacturing ("Supplier") and ${company} ("Customer") for the supply of ${product} and related services.`
      : `${company} asked Blue Ridge Manufacturing for an offer on ${product}. This document summarizes scope, prices and terms.`,
    ...businessParagraphs(f, { company, product }, f.number.int({ min: 2, max: 4 }), 3),
  ];
  return makePdf(title, `Blue Ridge Manufacturing - ${createdAt.slice(0, 10)}`, paragraphs, new Date(createdAt));
}
