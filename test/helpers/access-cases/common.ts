/** Helpers the access matrix's cases share: making records through the API and forms. */
import type { OperationId } from '../../../api/generated/operations';
import type { MatrixUser } from '../access-matrix';
import type { CallOptions, ServerClient } from '../server-client';

/** Calls an operation that must succeed (2xx) and returns its JSON body; throws with the answer otherwise. */
export async function made<T = Record<string, unknown>>(
  client: ServerClient,
  operationId: OperationId,
  options: CallOptions = {},
): Promise<T> {
  const res = await client.call(operationId, options);
  if (res.status < 200 || res.status > 299)
    throw new Error(`${operationId} answered ${res.status} while making a record: ${JSON.stringify(res.body)}`);
  return res.body as T;
}

/** A `multipart/form-data` body with text `fields` and one file. */
export function form(fields: Record<string, string>, file: { name: string; bytes: Uint8Array | string }): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  const bytes = typeof file.bytes === 'string' ? Buffer.from(file.bytes) : file.bytes;
  data.append('file', new Blob([new Uint8Array(bytes)]), file.name);
  return data;
}

/** A fresh short suffix for names that must be unique. */
export const unique = () => Math.random().toString(36).slice(2, 10);

/** Uploads a text document as `user` into `folderId`; returns its id. */
export async function uploadText(
  user: MatrixUser,
  folderId: string,
  text = 'A visit report. The customer wants a quote.',
): Promise<string> {
  const document = await made<{ id: string }>(user.client, 'uploadDocument', {
    rawBody: form({ folderId }, { name: `report-${unique()}.txt`, bytes: text }),
  });
  return document.id;
}

/** Creates a folder owned by `user` under `parentId`; returns its id. */
export async function newFolder(user: MatrixUser, parentId: string): Promise<string> {
  return (await made<{ id: string }>(user.client, 'saveFolder', { body: { parentId, name: `Folder ${unique()}` } })).id;
}

/** A calendar event one day ahead, as a save body. */
export function eventBody(title = 'Quarterly review'): Record<string, unknown> {
  const start = new Date(Date.now() + 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  return {
    title,
    description: null,
    location: 'Room 2',
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + 3_600_000).toISOString(),
    allDay: false,
    status: 'confirmed',
  };
}
