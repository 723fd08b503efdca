/**
 * Types of the HTTP contract as the core uses them, derived from the generated
 * `api/generated/schema.d.ts` (openapi-typescript): records, pages, and per-operation request and
 * response shapes looked up by operationId.
 */
import type { OperationId } from '../../../api/generated/operations';
import type { components, operations } from '../../../api/generated/schema';

type Schemas = components['schemas'];
export type ApiContact = Schemas['Contact'];
export type ApiCompany = Schemas['Company'];
export type ApiCalendarEvent = Schemas['CalendarEvent'];
export type ApiCalendarRecipient = Schemas['CalendarRecipient'];
export type ApiFolder = Schemas['Folder'];
export type ApiDocument = Schemas['Document'];
export type ApiNotification = Schemas['Notification'];
export type ApiChange = Schemas['Change'];
export type ApiChangePage = Schemas['ChangePage'];
export type ApiAuthTokens = Schemas['AuthTokens'];
export type ApiCurrentUser = Schemas['CurrentUser'];
export type ApiProblem = Schemas['Problem'];

/** The query parameters of an operation (never when it has none). */
export type QueryOf<K extends OperationId> = operations[K]['parameters'] extends { query?: infer Q } ? Q : never;

/** The JSON request body of an operation (never when it takes none). */
export type JsonBodyOf<K extends OperationId> = operations[K] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

type SuccessStatus = 200 | 201;
type Responses<K extends OperationId> = operations[K]['responses'];

/** The JSON body of an operation's success answer (200 or 201). */
export type JsonResultOf<K extends OperationId> = {
  [S in keyof Responses<K> & SuccessStatus]: Responses<K>[S] extends { content: { 'application/json': infer R } }
    ? R
    : never;
}[keyof Responses<K> & SuccessStatus];
