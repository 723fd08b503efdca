/** Access-matrix cases of the Documents and Open ai groups. */
import { PNG } from 'pngjs';
import yazl from 'yazl';
import type { Matrix, MatrixCase } from '../access-matrix';
import { form, made, newFolder, unique, uploadText } from './common';

/** A 4×4 PNG, for thumbnails. */
function tinyPng(): Buffer {
  const png = new PNG({ width: 4, height: 4 });
  png.data.fill(200);
  return PNG.sync.write(png);
}

/** A zip archive holding one text file. */
async function tinyZip(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('Packed text.'), 'inside.txt');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Uploads a file of `name` and `bytes` as the owner into the root folder; returns its id. */
async function ownersFile(m: Matrix, name: string, bytes: Uint8Array): Promise<string> {
  const document = await made<{ id: string }>(m.users.owner.client, 'uploadDocument', {
    rawBody: form({ folderId: m.demo.rootFolderId }, { name, bytes }),
  });
  return document.id;
}

const ownersDocument = async (m: Matrix) => ({ id: await uploadText(m.users.owner, m.demo.rootFolderId) });

/** The cases, by operationId. */
export const documentCases: Record<string, MatrixCase> = {
  listFolderDocuments: { request: (_fx, m) => ({ query: { folderId: m.demo.rootFolderId, limit: 5 } }) },
  getDocumentDetail: { setup: ownersDocument, request: (fx) => ({ query: { id: fx.id } }) },
  downloadDocument: { setup: ownersDocument, request: (fx) => ({ query: { id: fx.id } }) },
  viewDocument: { setup: ownersDocument, request: (fx) => ({ query: { id: fx.id } }) },
  listRelatedDocuments: { setup: ownersDocument, request: (fx) => ({ query: { id: fx.id } }) },
  getDocumentThumbnail: {
    setup: async (m) => ({ id: await ownersFile(m, `pixel-${unique()}.png`, tinyPng()) }),
    request: (fx) => ({ query: { id: fx.id, size: 64 } }),
  },
  uploadDocument: {
    request: (_fx, m) => ({
      rawBody: form({ folderId: m.demo.rootFolderId }, { name: `up-${unique()}.txt`, bytes: 'x' }),
    }),
  },
  searchDocuments: { request: () => ({ body: { query: 'report', limit: 5 } }) },
  saveDocument: { setup: ownersDocument, request: (fx) => ({ body: { id: fx.id, title: `Title ${unique()}` } }) },
  approveDocument: {
    // Another user's document submitted to the owner: the owner decides as its approver.
    setup: async (m) => submittedToOwner(m),
    request: (fx) => ({ body: { id: fx.id, comment: 'Fine.' } }),
  },
  rejectDocument: {
    setup: async (m) => submittedToOwner(m),
    request: (fx) => ({ body: { id: fx.id, comment: 'Not yet.' } }),
  },
  cloneDocument: { setup: ownersDocument, request: (fx) => ({ body: { id: fx.id } }) },
  deleteDocument: { setup: ownersDocument, request: (fx) => ({ query: { id: fx.id } }) },
  saveFolder: {
    setup: async (m) => ({ id: await newFolder(m.users.owner, m.demo.rootFolderId) }),
    request: (fx) => ({ body: { id: fx.id, name: `Renamed ${unique()}` } }),
  },
  deleteFolder: {
    // A folder of the owner holding a subfolder and a document of theirs, deleted with all it holds.
    setup: async (m) => {
      const id = await newFolder(m.users.owner, m.demo.rootFolderId);
      const inner = await newFolder(m.users.owner, id);
      await uploadText(m.users.owner, inner);
      return { id };
    },
    request: (fx) => ({ query: { id: fx.id, recursive: true } }),
  },
  unpackZipRelatedDocuments: {
    setup: async (m) => ({ id: await ownersFile(m, `pack-${unique()}.zip`, await tinyZip()) }),
    request: (fx) => ({ body: { id: fx.id } }),
  },
  documentSummary: { setup: ownersDocument, request: (fx) => ({ query: { id: fx.id } }) },
  summaryText: { setup: ownersDocument, request: (fx) => ({ query: { id: fx.id } }) },
};

/** A document of the "other" user submitted for approval to the owner. */
async function submittedToOwner(m: Matrix): Promise<{ id: string }> {
  const id = await uploadText(m.users.other, m.demo.rootFolderId);
  await made(m.users.other.client, 'saveDocument', {
    body: { id, submitForApproval: { approverId: m.users.owner.id, comment: null } },
  });
  return { id };
}
