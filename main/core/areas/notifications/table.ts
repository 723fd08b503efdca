/** The notifications table: the contract's Notification in typed columns. */
import type { ApiNotification } from '../../api/types';
import { col, commonColumns, commonFields, type RecordTable } from '../../cache/record-table';

export const notificationsTable: RecordTable<ApiNotification> = {
  type: 'notification',
  table: 'notifications',
  columns: [
    ...commonColumns<ApiNotification>(),
    col('kind', (r) => r.kind),
    col('title', (r) => r.title),
    col('body', (r) => r.body),
    col('state', (r) => r.state),
    col('resource_type', (r) => r.resourceType),
    col('resource_id', (r) => r.resourceId),
  ],
  fromRow: (row) => ({
    ...commonFields(row),
    kind: row.kind as ApiNotification['kind'],
    title: row.title as string,
    body: row.body as string,
    state: row.state as ApiNotification['state'],
    resourceType: row.resource_type as ApiNotification['resourceType'],
    resourceId: row.resource_id as string | null,
  }),
};
