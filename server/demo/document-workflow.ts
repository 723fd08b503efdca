/**
 * Demo data of the documents area: approval rounds (who asked whom, when, and the decision with its
 * comment) for every submitted document, with the demo user as the approver of colleagues'
 * pending documents; a few clones of documents; documents related by hand; and a real zip (a trade
 * fair press kit) unpacked into a folder of related documents.
 */
import { businessParagraphs } from './prose';
import { linkSync } from 'node:fs';
import yazl from 'yazl';
import type { AreaSeedContext } from './seed-context';
import type { DocumentLinkRepo } from '../db/document-links';
import type { DocumentRecord } from '../db/documents';
import { contentTypeOf } from '../files/content-type';
import { unpackZip } from '../files/unzip';
import { copyName } from '../operations/document-copies';
import { documentBody } from '../operations/document-approval';
import { makeCsv, makePdf, makePng, makeText } from './files';
import { products } from './vocabulary';

const requestNotes = [
  'Prices as agreed on the last call.',
  'Customer asked for it by Friday.',
  'Updated terms after legal review.',
  null,
  null,
];
const approvalNotes = ['Looks good; send it out.', 'Approved. Keep the discount cap in mind.', null, null];
const rejectionNotes = [
  'The discount is above the 12% we can give without a director sign-off.',
  'Payment terms must be 30 days, not 60.',
  'Please use the 2026 template and fix the delivery dates.',
  'The product codes do not match the current price list.',
  'Missing the signature block and the customer reference.',
];

const hour = 3_600_000;

/** Seeds approval rounds, clones, hand-made relations and the unpacked press kit. */
export async function seedDocumentWorkflow({ store, repos, f, now, people }: AreaSeedContext): Promise<void> {
  const links = repos.documentLinks;
  const documents = (store.db.prepare('SELECT data FROM documents ORDER BY rowid').pluck().all() as string[]).map(
    (j) => JSON.parse(j) as DocumentRecord,
  );
  const demoUserId = people.demoUser.id;
  const colleagues = people.employees.filter((e) => e.id !== demoUserId);
  const colleague = () => (colleagues.length ? f.helpers.arrayElement(colleagues).id : demoUserId);

  for (const d of documents) {
    if (d.state === 'draft') continue;
    const approverId =
      d.ownerId === demoUserId ? colleague() : d.state === 'pendingApproval' ? demoUserId : colleague();
    const requested = Math.min(Date.parse(d.createdAt) + f.number.int({ min: 1, max: 48 }) * hour, now - 2 * hour);
    const decided = Math.min(requested + f.number.int({ min: 1, max: 72 }) * hour, now - hour);
    const pending = d.state === 'pendingApproval';
    const at = new Date(pending ? requested : decided).toISOString();
    store.documents.save(
      d.id,
      {
        ...documentBody(d),
        approval: {
          requestedBy: d.ownerId,
          requestedAt: new Date(requested).toISOString(),
          requestComment: f.helpers.arrayElement(requestNotes),
          approverId,
          decidedBy: pending ? null : approverId,
          decidedAt: pending ? null : at,
          comment: pending
            ? null
            : d.state === 'rejected'
              ? f.helpers.arrayElement(rejectionNotes)
              : f.helpers.arrayElement(approvalNotes),
        },
      },
      { updatedAt: at },
    );
  }

  // Clones: copies of approved documents, as drafts of the demo user (files hard-linked).
  const approved = documents.filter((d) => d.state === 'approved');
  for (const original of f.helpers.arrayElements(approved, Math.min(6, approved.length))) {
    const id = f.string.uuid();
    const at = new Date(now - f.number.int({ min: 1, max: 20 }) * 24 * hour).toISOString();
    linkSync(store.files.path(original.id), store.files.path(id));
    store.documents.save(
      id,
      {
        ...documentBody(original),
        name: copyName(original.name),
        title: `${original.title} (copy)`.slice(0, 300),
        state: 'draft',
        ownerId: demoUserId,
        approval: null,
      },
      { createdAt: at, updatedAt: at },
    );
    links.link(original.id, id, 'clone', at, f.string.uuid());
  }

  // Hand-made relations: proposals and contracts with price lists, notes with proposals.
  for (let i = 0; i < Math.min(20, Math.floor(documents.length / 3)); i++) {
    const [a, b] = f.helpers.arrayElements(documents, 2);
    const at = new Date(now - f.number.int({ min: 1, max: 60 }) * 24 * hour).toISOString();
    links.link(a.id, b.id, 'manual', at, f.string.uuid());
  }

  await seedPressKit({ store, repos, f, now, people }, links);
}

/** A zip with a few real files (PDF, CSV, PNG, text) in Marketing, unpacked into a folder beside it. */
async function seedPressKit({ store, f, now, people }: AreaSeedContext, links: DocumentLinkRepo): Promise<void> {
  const marketing = store.db.prepare("SELECT data FROM folders WHERE name = 'Marketing'").pluck().get() as
    | string
    | undefined;
  const folderId = marketing ? (JSON.parse(marketing) as { id: string }).id : store.documents.root()?.id;
  if (!folderId) return;
  const when = new Date(now - 12 * 24 * hour);
  const zip = new yazl.ZipFile();
  const mtime = when;
  zip.addBuffer(
    Buffer.from(
      await makePdf(
        'Trade fair 2026 - press release',
        'Blue Ridge Manufacturing',
        [
          `Blue Ridge Manufacturing presents ${products.slice(0, 3).join(', ')} at the trade fair.`,
          ...businessParagraphs(
            f,
            { company: 'Northwind Logistics, our launch customer,', product: products[0] },
            1,
            4,
          ),
        ],
        when,
      ),
    ),
    'press-kit/Press release.pdf',
    { mtime },
  );
  zip.addBuffer(
    Buffer.from(makeCsv([['Product', 'Booth'], ...products.slice(0, 6).map((p, i) => [p, `Hall 3 / B${10 + i}`])])),
    'press-kit/Exhibits.csv',
    { mtime },
  );
  zip.addBuffer(
    Buffer.from(makePng(320, 200, () => f.number.float({ min: 0, max: 1 }))),
    'press-kit/images/Booth.png',
    { mtime },
  );
  zip.addBuffer(
    Buffer.from(
      makeText([
        'Press contact',
        '',
        `${people.demoUser.firstName} ${people.demoUser.lastName}`,
        people.demoUser.email ?? '',
      ]),
    ),
    'press-kit/Contact.txt',
    { mtime },
  );
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  const zipId = f.string.uuid();
  const file = store.files.writeFile(zipId, Buffer.concat(chunks));
  await file.written;
  const at = when.toISOString();
  const name = 'Trade fair 2026 press kit.zip';
  store.documents.save(
    zipId,
    {
      folderId,
      name,
      title: 'Trade fair 2026 press kit',
      contentType: contentTypeOf(name),
      size: file.digest.size,
      sha256: file.digest.sha256,
      crc32: file.digest.crc32,
      state: 'draft',
      ownerId: people.demoUser.id,
      approval: null,
    },
    { createdAt: at, updatedAt: at },
  );
  const target = store.documents.saveFolder(
    f.string.uuid(),
    { parentId: folderId, name: 'Trade fair 2026 press kit', ownerId: people.demoUser.id },
    { createdAt: at, updatedAt: at },
  );
  for (const entry of await unpackZip(store.files.path(zipId), store.files)) {
    const id = f.string.uuid();
    store.files.commit(entry.tempPath, id);
    store.documents.save(
      id,
      {
        folderId: target.id,
        name: entry.name,
        title: entry.name.replace(/\.[^.]+$/, ''),
        contentType: contentTypeOf(entry.name),
        size: entry.size,
        sha256: entry.sha256,
        crc32: entry.crc32,
        state: 'draft',
        ownerId: people.demoUser.id,
        approval: null,
      },
      { createdAt: at, updatedAt: at },
    );
    links.link(zipId, id, 'unpack', at, f.string.uuid());
  }
}
