/**
 * The area registry: every area's bridge handlers. `createCore` merges them and checks that every
 * call of the bridge contract has exactly one handler. Adding an area adds its folder and one line here.
 */
import type { AreaHandlers } from './context';
import { accountHandlers } from './account/handlers';
import { adminHandlers } from './admin/handlers';
import { auditHandlers } from './audit/handlers';
import { branchesHandlers } from './branches/handlers';
import { calendarHandlers } from './calendar/handlers';
import { campaignsHandlers } from './campaigns/handlers';
import { cmtHandlers } from './cmt/handlers';
import { commentsHandlers } from './comments/handlers';
import { companiesHandlers } from './companies/handlers';
import { contactsHandlers } from './contacts/handlers';
import { dealsHandlers } from './deals/handlers';
import { folderHandlers } from './documents/folder-handlers';
import { documentsHandlers } from './documents/handlers';
import { documentPreviewHandlers } from './documents/preview';
import { documentThumbnailHandlers } from './documents/thumbnail-handlers';
import { transferHandlers } from './documents/transfer-handlers';
import { documentWorkflowHandlers } from './documents/workflow-handlers';
import { draftsHandlers } from './drafts/handlers';
import { emailsHandlers } from './emails/handlers';
import { groupsHandlers } from './groups/handlers';
import { listingCheckHandlers } from './listing-checks/handlers';
import { newsHandlers } from './news/handlers';
import { exportsHandlers } from './exports/handlers';
import { notificationsHandlers } from './notifications/handlers';
import { outboxHandlers } from './outbox/handlers';
import { pimHandlers } from './pim/handlers';
import { savedQueriesHandlers } from './saved-queries/handlers';
import { rebatesHandlers } from './rebates/handlers';
import { recordLinkHandlers } from './record-links/handlers';
import { searchHandlers } from './search/handlers';
import { serviceSearchHandlers } from './service-search/handlers';
import { sessionHandlers } from './session/handlers';
import { spendHandlers } from './spend/handlers';
import { storageHandlers } from './storage/handlers';
import { updatesHandlers } from './updates/handlers';
import { usersHandlers } from './users/handlers';

/** Every area's handlers. */
export const coreAreas: ReadonlyArray<{ name: string; handlers: AreaHandlers<never> }> = [
  { name: 'session', handlers: sessionHandlers },
  { name: 'recordLinks', handlers: recordLinkHandlers },
  { name: 'updates', handlers: updatesHandlers },
  { name: 'outbox', handlers: outboxHandlers },
  { name: 'contacts', handlers: contactsHandlers },
  { name: 'companies', handlers: companiesHandlers },
  { name: 'deals', handlers: dealsHandlers },
  { name: 'calendar', handlers: calendarHandlers },
  { name: 'documents', handlers: documentsHandlers },
  { name: 'documentPreview', handlers: documentPreviewHandlers },
  { name: 'documentWorkflow', handlers: documentWorkflowHandlers },
  { name: 'documentFolders', handlers: folderHandlers },
  { name: 'documentThumbnails', handlers: documentThumbnailHandlers },
  { name: 'transfers', handlers: transferHandlers },
  { name: 'notifications', handlers: notificationsHandlers },
  { name: 'comments', handlers: commentsHandlers },
  { name: 'search', handlers: searchHandlers },
  { name: 'serviceSearch', handlers: serviceSearchHandlers },
  { name: 'drafts', handlers: draftsHandlers },
  { name: 'storage', handlers: storageHandlers },
  { name: 'rebates', handlers: rebatesHandlers },
  { name: 'cmt', handlers: cmtHandlers },
  { name: 'branches', handlers: branchesHandlers },
  { name: 'savedQueries', handlers: savedQueriesHandlers },
  { name: 'users', handlers: usersHandlers },
  { name: 'groups', handlers: groupsHandlers },
  { name: 'exports', handlers: exportsHandlers },
  { name: 'spend', handlers: spendHandlers },
  { name: 'audit', handlers: auditHandlers },
  { name: 'account', handlers: accountHandlers },
  { name: 'admin', handlers: adminHandlers },
  { name: 'emails', handlers: emailsHandlers },
  { name: 'news', handlers: newsHandlers },
  { name: 'campaigns', handlers: campaignsHandlers },
  { name: 'pim', handlers: pimHandlers },
  { name: 'listingChecks', handlers: listingCheckHandlers },
];
