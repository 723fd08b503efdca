/**
 * How notifications are written to the service: they are never created or deleted here, only moved
 * (read, dismissed) by actions; the contract has no read of one notification, so a discarded action restores the version it started from.
 */
import { BridgeError } from '../../../../preload/contract';
import type { ApiNotification } from '../../api/types';
import type { RecordWrites } from '../../writes/record-writes';

const notHere = (): never => {
  throw new BridgeError('invalid_input', 'Notifications are created and deleted only by the service.');
};

export const notificationWrites: RecordWrites<ApiNotification> = {
  type: 'notification',
  noun: 'notification',
  label: (r) => r.title,
  create: notHere,
  update: notHere,
  delete: notHere,
};
