/** Every operation handler of the contract, by operationId. */
import type { OperationHandlers } from '../http/bind';
import { authHandlers } from './auth';
import { calendarHandlers } from './calendar';
import { contactHandlers } from './contacts';
import type { OperationDeps } from './deps';
import { documentHandlers } from './documents';
import { notificationHandlers } from './notifications';
import { syncHandlers } from './sync';
import { transferHandlers } from './transfers';

/** Something that adds operation handlers: a service area (`server/areas/area.ts`). */
export interface HandlerSource {
  handlers: (deps: OperationDeps) => Partial<OperationHandlers>;
}

/** Creates the handlers of all operations: the core groups' and those of every area in `areas`. */
export function createHandlers(deps: OperationDeps, areas: readonly HandlerSource[]): OperationHandlers {
  return {
    ...authHandlers(deps),
    ...contactHandlers(deps),
    ...calendarHandlers(deps),
    ...documentHandlers(deps),
    ...transferHandlers(deps),
    ...notificationHandlers(deps),
    ...syncHandlers(deps),
    ...Object.assign({}, ...areas.map((area) => area.handlers(deps))),
  };
}
