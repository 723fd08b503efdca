/** Every operation handler of the contract, by operationId. */
import { serviceAreas } from '../areas';
import type { OperationHandlers } from '../http/bind';
import { authHandlers } from './auth';
import { calendarHandlers } from './calendar';
import { contactHandlers } from './contacts';
import type { OperationDeps } from './deps';
import { documentHandlers } from './documents';
import { notificationHandlers } from './notifications';
import { syncHandlers } from './sync';
import { transferHandlers } from './transfers';

/** Creates the handlers of all operations. */
export function createHandlers(deps: OperationDeps): OperationHandlers {
  return {
    ...authHandlers(deps),
    ...contactHandlers(deps),
    ...calendarHandlers(deps),
    ...documentHandlers(deps),
    ...transferHandlers(deps),
    ...notificationHandlers(deps),
    ...syncHandlers(deps),
    ...Object.assign({}, ...serviceAreas.map((area) => area.handlers(deps))),
  };
}
