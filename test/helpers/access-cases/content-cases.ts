/** Access-matrix cases of the Email, Pim, Comment, Blog and Feed groups. */
import type { Matrix, MatrixCase } from '../access-matrix';
import { form, made, unique } from './common';

/** An import mapping file (api/openapi.yaml, ImportMappingFile) with a fresh name. */
const mappingFile = () =>
  JSON.stringify({
    name: `Leads ${unique()}`,
    target: 'contact',
    columns: [
      { column: 'First name', field: 'firstName', required: true, transform: 'trim' },
      { column: 'Last name', field: 'lastName', required: true, transform: 'trim' },
    ],
  });

const templateBody = () => ({ name: `Template ${unique()}`, target: 'contacts', columns: ['id', 'firstName'] });

/** A comment of the owner on a demo contact. */
async function ownersComment(m: Matrix): Promise<{ id: string }> {
  const comment = await made<{ id: string }>(m.users.owner.client, 'addComment', {
    body: { resourceType: 'contact', resourceId: m.demo.customerId, text: `Called ${unique()}` },
  });
  return { id: comment.id };
}

const storyBody = () => ({ title: `Story ${unique()}`, summary: 'What happened.', body: 'All of it.' });

/** A draft story of the owner. */
async function ownersDraft(m: Matrix): Promise<{ id: string }> {
  return { id: (await made<{ id: string }>(m.users.owner.client, 'saveBlogPost', { body: storyBody() })).id };
}

/** The cases, by operationId. */
export const contentCases: Record<string, MatrixCase> = {
  getEmails: { request: () => ({ query: { limit: 5 } }) },
  getEmail: { request: (_fx, m) => ({ query: { id: m.demo.emailId } }) },
  getEmailAttachments: { request: (_fx, m) => ({ query: { emailId: m.demo.emailId } }) },
  downloadEmail: { request: (_fx, m) => ({ body: { id: m.demo.emailId } }) },
  getPimCalendar: { request: () => ({ query: { from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' } }) },
  uploadImportMapping: {
    request: () => ({ rawBody: form({}, { name: 'mapping.json', bytes: mappingFile() }) }),
  },
  getImportMappingsFile: { request: () => ({ query: { limit: 5 } }) },
  saveExportTemplate: { request: () => ({ body: templateBody() }) },
  deleteExportTemplate: {
    setup: async (m) => ({
      id: (await made<{ id: string }>(m.users.owner.client, 'saveExportTemplate', { body: templateBody() })).id,
    }),
    request: (fx) => ({ query: { id: fx.id } }),
  },
  validateFile: {
    request: () => ({
      rawBody: form({ target: 'contact' }, { name: 'leads.csv', bytes: 'firstName,lastName\nAda,Lovelace\n' }),
    }),
  },
  addComment: {
    request: (_fx, m) => ({
      body: { resourceType: 'contact', resourceId: m.demo.customerId, text: `Met ${unique()}` },
    }),
  },
  getRelatedComments: {
    request: (_fx, m) => ({ query: { resourceType: 'contact', resourceId: m.demo.customerId, limit: 5 } }),
  },
  deleteComment: { setup: ownersComment, request: (fx) => ({ query: { id: fx.id } }) },
  uploadCommentAttachment: {
    setup: ownersComment,
    request: (fx) => ({ rawBody: form({ commentId: fx.id }, { name: `note-${unique()}.txt`, bytes: 'attached' }) }),
    recordIds: (fx) => ({ commentId: fx.id }),
  },
  saveBlogPost: { setup: ownersDraft, request: (fx) => ({ body: { id: fx.id, ...storyBody() } }) },
  getStory: { setup: ownersDraft, request: (fx) => ({ query: { id: fx.id } }) },
  listNewsStories: { request: () => ({ query: { limit: 5 } }) },
  deleteStory: { setup: ownersDraft, request: (fx) => ({ query: { id: fx.id } }) },
  getFeedItems: { request: () => ({ query: { limit: 5 } }) },
};
